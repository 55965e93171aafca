import { z } from 'zod';
import {
  CATEGORIES,
  COMMENT_MAX_CHARACTERS,
  DEFAULT_CATEGORY,
  mayPostIn,
  POST_MAX_CHARACTERS,
  PREMIUM_COST_MAX,
  PREMIUM_COST_MIN,
  type MediaKind,
  type Writer,
} from './rules.js';

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
