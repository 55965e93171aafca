import { z } from 'zod';

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

/** A multipart form sends booleans as text; a JSON client sends them as booleans. */
const formBoolean = (fallback: boolean) =>
  z.preprocess(
    (value) => (value === undefined || value === '' ? fallback : value),
    z.union([z.boolean(), z.enum(['true', 'false']).transform((text) => text === 'true')]),
  );

const premiumCostSchema = z.coerce
  .number('content.premiumCostRange')
  .int('content.premiumCostRange')
  .min(PREMIUM_COST_MIN, 'content.premiumCostRange')
  .max(PREMIUM_COST_MAX, 'content.premiumCostRange')
  .default(PREMIUM_COST_MIN);

/**
 * The composer's fields, as the form (and the BFF) reads them. Rules that need the author are in `composerProblem`.
 * The cost is a premium post's price only: a post that is not premium costs nothing, whatever the form sent (the
 * web's composer keeps its default 1 there, other clients send 0 or nothing).
 */
export const postFormSchema = z
  .object({
    content: z.string().trim().max(POST_MAX_CHARACTERS, 'content.postTooLong').default(''),
    category: z.enum(CATEGORIES, 'content.categoryInvalid').default(DEFAULT_CATEGORY),
    showProfileData: formBoolean(true),
    showTelegramUsername: formBoolean(false),
    isPremium: formBoolean(false),
    creditCost: z.unknown().optional(),
  })
  .transform((form, context) => {
    if (!form.isPremium) return { ...form, creditCost: 0 };
    const cost = premiumCostSchema.safeParse(form.creditCost);
    if (cost.success) return { ...form, creditCost: cost.data };
    context.addIssue({ code: 'custom', message: 'content.premiumCostRange', path: ['creditCost'] });
    return z.NEVER;
  });
export type PostForm = z.infer<typeof postFormSchema>;

export const commentSchema = z.object({
  content: z
    .string('content.commentRequired')
    .trim()
    .min(1, 'content.commentRequired')
    .max(COMMENT_MAX_CHARACTERS, 'content.commentTooLong'),
});

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

/**
 * The composer's rules that need the author (docs/product.md#publishing), in the order the form checks them: the
 * message key of the first one broken, or null. Approved members and admins write; men not in patate, women not in
 * melanzana; those two need a photo; text or media; premium posts only by premium members and admins.
 */
export function composerProblem(writer: Writer, form: PostForm, media: MediaKind): string | null {
  if (!writer.approved && !writer.isAdmin) return 'errors.notApproved';
  if (!form.content && media === null) return 'content.contentRequired';
  if (!mayPostIn(writer.gender, form.category))
    return form.category === 'patate' ? 'content.menNotInPatate' : 'content.womenNotInMelanzana';
  if ((form.category === 'melanzana' || form.category === 'patate') && media !== 'image')
    return 'content.photoRequired';
  if (form.isPremium && !writer.isPremium && !writer.isAdmin) return 'content.premiumOnly';
  return null;
}
