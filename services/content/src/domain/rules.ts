/**
 * The categories and the composer's limits, and who may post where: plain values and functions, without zod, so that
 * a browser chunk that needs only these (the web's composer as it first shows) does not load the schemas.
 */

/** The post categories (the other filter names in the translation texts are not categories). */
export const CATEGORIES = ['melanzana', 'patate', 'trending'] as const;
export type Category = (typeof CATEGORIES)[number];
/** The category of a post whose form names none. */
export const DEFAULT_CATEGORY: Category = 'melanzana';

export const POST_MAX_CHARACTERS = 5000;
export const COMMENT_MAX_CHARACTERS = 2000;
export const PREMIUM_COST_MIN = 1;
export const PREMIUM_COST_MAX = 10;
/** What revealing an author's Telegram costs ('Contatta su Telegram (2 crediti)'). */
export const TELEGRAM_REVEAL_COST = 2;

/** Who writes, as far as the composer's rules care. */
export interface Writer {
  gender: 'male' | 'female' | null;
  approved: boolean;
  isAdmin: boolean;
  isPremium: boolean;
}

/** The media kind of an upload, once its content was checked; null without media. */
export type MediaKind = 'image' | 'video' | null;

/**
 * What gives the categories their meaning (docs/product.md#categories): men do not post in patate, women not in
 * melanzana; trending is open to everyone, as are both to a member whose gender is not known.
 */
export function mayPostIn(gender: Writer['gender'], category: Category): boolean {
  return !(category === 'patate' && gender === 'male') && !(category === 'melanzana' && gender === 'female');
}

/**
 * The category a fresh composer starts on: melanzana, or else the first one the writer may post in (patate for a
 * woman), so that nobody's first 'Pubblica' is refused for a choice they did not make.
 */
export function composerCategoryFor(gender: Writer['gender']): Category {
  return mayPostIn(gender, DEFAULT_CATEGORY)
    ? DEFAULT_CATEGORY
    : (CATEGORIES.find((category) => mayPostIn(gender, category)) ?? DEFAULT_CATEGORY);
}
