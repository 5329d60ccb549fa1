// A value kept on a world's global object under a registered symbol: scripts bundled apart but
// run in one content scripts' world (the page engine, its extras, the hover script) find there
// what another of them left. Tests pass a scope of their own for a world.
export function worldSlot<T>(name: string) {
  const key = Symbol.for(name);
  type Scope = Record<symbol, T | undefined>;
  return {
    get: (scope: object = globalThis): T | undefined => (scope as Scope)[key],
    set: (value: T, scope: object = globalThis): void => {
      (scope as Scope)[key] = value;
    },
    /** Keeps the first value given (a script injected twice does not replace it). */
    provide: (value: T, scope: object = globalThis): void => {
      (scope as Scope)[key] ??= value;
    },
  };
}
