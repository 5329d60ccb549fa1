// @vitest-environment node
// One item or a list: the shape kept per element and per unit where nearly always there is one.
import { describe, expect, it } from 'vitest';
import { eachOf, holdsItem, listOf, withItem, withoutItem, type OneOrList } from '../../utils/page/one-or-list';

describe('one item or a list', () => {
  const [a, b, c] = [{ n: 'a' }, { n: 'b' }, { n: 'c' }];

  it('holds one item as itself and makes a list only from the second', () => {
    let held: OneOrList<{ n: string }> | undefined = withItem(undefined, a);
    expect(held).toBe(a);
    held = withItem(held, b);
    expect(held).toEqual([a, b]);
    held = withItem(held, c);
    expect(listOf(held)).toEqual([a, b, c]);
    expect(holdsItem(held, b)).toBe(true);
    expect(holdsItem(a, b)).toBe(false);
    expect(holdsItem(undefined, a)).toBe(false);
  });

  it('goes back to the item itself, then to nothing, as items leave', () => {
    let held: OneOrList<{ n: string }> | undefined = [a, b, c];
    held = withoutItem(held, b);
    expect(held).toEqual([a, c]);
    held = withoutItem(held, a);
    expect(held).toBe(c);
    expect(withoutItem(held, a)).toBe(c);
    expect(withoutItem(held, c)).toBeUndefined();
    expect(listOf(undefined)).toEqual([]);
  });

  it('replaces a list instead of changing it, so a walk over it sees what it was', () => {
    const list: OneOrList<{ n: string }> = [a, b];
    const seen: string[] = [];
    let held: OneOrList<{ n: string }> | undefined = list;
    eachOf(list, (item) => {
      seen.push(item.n);
      held = withoutItem(held, item);
    });
    expect(seen).toEqual(['a', 'b']);
    expect(list).toEqual([a, b]);
    expect(held).toBeUndefined();
  });
});
