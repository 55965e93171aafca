import { describe, expect, it } from '@jest/globals';
import type { Filter } from '@tip/platform';
import { ListCache } from './list-cache.js';

/** A count that answers what `value` holds when it is made, and says how often it was made. */
function counter(value: { current: number }) {
  const made: Filter[] = [];
  return {
    made,
    count: async (filter: Filter) => {
      made.push(filter);
      return value.current;
    },
  };
}

describe('ListCache', () => {
  it('answers a query once until the collection changes, telling searches apart', async () => {
    const value = { current: 7 };
    const { made, count } = counter(value);
    const cache = new ListCache(count);
    const search = (text: string) => ({ $or: [{ username: { $regex: new RegExp(text, 'i') } }] });
    expect(await Promise.all([cache.get({}), cache.get({}), cache.get(search('mar'))])).toEqual([7, 7, 7]);
    expect(await cache.get({})).toBe(7);
    expect(made).toHaveLength(2);
    value.current = 8;
    expect(await cache.get(search('luc'))).toBe(8);
    expect(await cache.get({})).toBe(7);

    cache.changed();
    expect([await cache.get({}), await cache.get(search('mar'))]).toEqual([8, 8]);
    expect(made).toHaveLength(5);
  });

  it('does not keep an answer that was being made when the collection changed', async () => {
    let finish: (value: number) => void = () => {};
    const counts = [new Promise<number>((resolve) => (finish = resolve)), Promise.resolve(11)];
    const cache = new ListCache(() => counts.shift() ?? Promise.resolve(0));
    const before = cache.get({});
    cache.changed();
    finish(10);
    expect(await before).toBe(10);
    expect(await cache.get({})).toBe(11);
  });

  it('answers again after its TTL, after a failure, and forgets the oldest queries past its size', async () => {
    let now = 0;
    const value = { current: 1 };
    const { made, count } = counter(value);
    let failing = true;
    const cache = new ListCache(
      (filter: Filter) => (failing && 'broken' in filter ? Promise.reject(new Error('store down')) : count(filter)),
      { ttlMs: 1000, maxEntries: 2, now: () => now },
    );
    await expect(cache.get({ broken: true })).rejects.toThrow('store down');
    failing = false;
    expect(await cache.get({ broken: true })).toBe(1);

    await cache.get({ a: 1 });
    await cache.get({ b: 1 });
    await cache.get({ a: 1 });
    expect(made).toHaveLength(3);
    await cache.get({ broken: true });
    expect(made).toHaveLength(4);
    await cache.get({ b: 1 });
    expect(made).toHaveLength(4);
    now = 2000;
    await cache.get({ b: 1 });
    expect(made).toHaveLength(5);
  });
});
