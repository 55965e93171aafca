import type { Writer } from '../domain/index.js';
import type { AuthorDocument } from '../infra/author-directory.js';
import type { ContentContext } from './context.js';

/** The signed-in member as content's rules see them, from its projection of identity. */
export interface Viewer extends Writer {
  id: string;
  /** Members hidden from this one, and this one from them: blocks, both ways. */
  hidden: ReadonlySet<string>;
}

export function isPremiumNow(author: Pick<AuthorDocument, 'premiumSubscriptionExpiry'>, now = Date.now()): boolean {
  return author.premiumSubscriptionExpiry !== null && Date.parse(author.premiumSubscriptionExpiry) > now;
}

/** A member content has not heard of yet (identity's event is on its way) may read, and nothing more. */
export async function viewerOf(context: ContentContext, id: string): Promise<Viewer> {
  const [known, hidden] = await Promise.all([context.authors.get(id), context.blocks.hiddenFrom(id)]);
  if (!known) return { id, gender: null, approved: false, isAdmin: false, isPremium: false, hidden: new Set(hidden) };
  return {
    id,
    hidden: new Set(hidden),
    gender: known.gender,
    approved: known.verificationStatus === 'approved',
    isAdmin: known.isAdmin,
    isPremium: isPremiumNow(known),
  };
}

/** Authors and admins see a premium post whole; anyone else once they paid for it. */
export function seesWhole(post: { authorId: string; isPremium: boolean }, viewer: Viewer, unlocked: boolean): boolean {
  return !post.isPremium || unlocked || viewer.isAdmin || post.authorId === viewer.id;
}
