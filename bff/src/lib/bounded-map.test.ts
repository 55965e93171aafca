import { describe, expect, it } from '@jest/globals';
import { BoundedMap } from './bounded-map.js';

describe('BoundedMap', () => {
  it('forgets an entry once its time is up', () => {
    let now = 1000;
    const map = new BoundedMap<string, number>(10, () => now);
    map.set('a', 1, 1500);
    expect(map.get('a')).toBe(1);
    now = 1500;
    expect(map.get('a')).toBeUndefined();
    expect(map.size).toBe(0);
  });

  it('stays within its bound by evicting the entry used least recently', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1, Infinity);
    map.set('b', 2, Infinity);
    map.get('a');
    map.set('c', 3, Infinity);
    expect(map.size).toBe(2);
    expect(map.get('b')).toBeUndefined();
    expect(map.get('a')).toBe(1);
    expect(map.get('c')).toBe(3);
  });

  it('replaces an entry without evicting another', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1, Infinity);
    map.set('b', 2, Infinity);
    map.set('a', 10, Infinity);
    expect([map.get('a'), map.get('b')]).toEqual([10, 2]);
  });
});
