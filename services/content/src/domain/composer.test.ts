import { describe, expect, it } from '@jest/globals';
import { CATEGORIES, composerCategoryFor, composerProblem, mayPostIn, postFormSchema } from './index.js';

const writer = { approved: true, isAdmin: false, isPremium: false } as const;
const photoPost = (category: string) => postFormSchema.parse({ content: 'Ciao', category });

describe('the categories a member may post in', () => {
  it('keep men out of patate and women out of melanzana; trending, and both for an unknown gender, are open', () => {
    expect(CATEGORIES.filter((category) => mayPostIn('male', category))).toEqual(['melanzana', 'trending']);
    expect(CATEGORIES.filter((category) => mayPostIn('female', category))).toEqual(['patate', 'trending']);
    expect(CATEGORIES.filter((category) => mayPostIn(null, category))).toEqual([...CATEGORIES]);
  });

  it('start the composer on one the member may post in: melanzana, patate for a woman', () => {
    expect(composerCategoryFor('male')).toBe('melanzana');
    expect(composerCategoryFor(null)).toBe('melanzana');
    expect(composerCategoryFor('female')).toBe('patate');
    for (const gender of ['male', 'female', null] as const) {
      const start = photoPost(composerCategoryFor(gender));
      expect(composerProblem({ ...writer, gender }, start, 'image')).toBeNull();
    }
  });

  it('refuse the other one with its own message', () => {
    expect(composerProblem({ ...writer, gender: 'male' }, photoPost('patate'), 'image')).toBe('content.menNotInPatate');
    expect(composerProblem({ ...writer, gender: 'female' }, photoPost('melanzana'), 'image')).toBe(
      'content.womenNotInMelanzana',
    );
  });
});
