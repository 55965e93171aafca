import { describe, expect, it } from '@jest/globals';
import siftModule from 'sift';
import { applyUpdate, elementsToPull } from './apply-update.js';

const sift = siftModule.default;

/** Elements of every shape a field may hold: the value, another, an array, a number, nothing, not an object. */
const elements = [
  { id: 'a' },
  { id: 'b' },
  { id: ['z', 'a'] },
  { id: ['b'] },
  { id: 1 },
  { id: null },
  { id: { nested: 'a' } },
  {},
  null,
  'a',
  ['a'],
];

describe('$pull of elements whose field is in a list of ids', () => {
  it('pulls exactly what sift (Mongo’s matching) pulls', () => {
    for (const condition of [{ id: { $in: ['a', 'z'] } }, { id: { $in: [] } }, { id: { $in: ['b'] } }]) {
      const expected = elements.filter(sift(condition));
      expect([condition, elementsToPull({ list: elements }, 'list', condition)]).toEqual([condition, expected]);
    }
  });

  it('leaves other conditions to sift: numbers, several fields, other operators, dotted fields', () => {
    const others = [
      { id: { $in: [1, 'a'] } },
      { id: { $in: ['a'] }, other: 1 },
      { id: { $in: ['a'], $ne: 'b' } },
      { id: { $nin: ['a'] } },
      { 'id.nested': { $in: ['a'] } },
    ];
    for (const condition of others) {
      const expected = elements.filter(sift(condition));
      expect([condition, elementsToPull({ list: elements }, 'list', condition)]).toEqual([condition, expected]);
    }
  });

  it('removes them in place and keeps the rest in order', () => {
    const document = { outbox: [{ id: 'e1' }, { id: 'e2' }, { id: 'e3' }] };
    applyUpdate(document, { $pull: { outbox: { id: { $in: ['e3', 'e1'] } } } });
    expect(document).toEqual({ outbox: [{ id: 'e2' }] });
  });
});
