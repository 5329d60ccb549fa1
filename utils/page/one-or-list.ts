// One item, or a list once there are two: what the engine keeps per element or per unit where
// nearly always there is one (an element's attribute units, its language marks, a mark's
// owners). A list of one costs 28 bytes more than its item, thousands of times on a long page.
// Lists are replaced, never changed in place: whoever walks one meanwhile walks what it was,
// and each is exactly as long as it holds (a list grown by push keeps room for 17).

export type OneOrList<T extends object> = T | readonly T[];

/** The items held (a new list of one for a single item). */
export function listOf<T extends object>(held: OneOrList<T> | undefined): readonly T[] {
  return held === undefined ? [] : isList(held) ? held : [held];
}

/** The items held, without making a list for one. */
export function eachOf<T extends object>(held: OneOrList<T> | undefined, each: (item: T) => void): void {
  if (held === undefined) return;
  if (!isList(held)) each(held);
  else for (const item of held) each(item);
}

export function holdsItem<T extends object>(held: OneOrList<T> | undefined, item: T): boolean {
  return held === item || (isList(held) && held.includes(item));
}

export function withItem<T extends object>(held: OneOrList<T> | undefined, item: T): OneOrList<T> {
  if (held === undefined) return item;
  return isList(held) ? [...held, item] : [held, item];
}

/** What is left without `item` (undefined: nothing). */
export function withoutItem<T extends object>(held: OneOrList<T> | undefined, item: T): OneOrList<T> | undefined {
  if (!isList(held)) return held === item ? undefined : held;
  const rest = held.filter((h) => h !== item);
  return rest.length > 1 ? rest : rest[0];
}

function isList<T extends object>(held: OneOrList<T> | undefined): held is readonly T[] {
  return Array.isArray(held);
}
