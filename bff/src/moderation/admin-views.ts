import type { ServiceClient } from '@tip/platform';
import type { ContentDefinition, ContentFeedItem } from '@tip/content/contract';
import type { IdentityDefinition, IdentityUserOutput } from '@tip/identity/contract';
import { categorySchema, type AdminUser, type PostSummary } from '../contract/index.js';
import { toUserJson } from '../user-view.js';
import type { Balances } from '../wallet/balances.js';

/** A user in the admin console: the user JSON with the console's own field names (docs/product.md#the-api). */
function adminUserJson(user: IdentityUserOutput, credits: number): AdminUser {
  const json = toUserJson(user, credits);
  return {
    ...json,
    credits,
    sexualOrientation: json.orientation,
    isVerified: json.verificationStatus === 'approved',
    verificationRejectionReason: json.verificationNotes,
  };
}

/** Users as the admin console shows them, each with the wallet's balance (asked for the page at once). */
export async function withBalances(balances: Balances, users: IdentityUserOutput[]) {
  const credits = await balances.getMany(users.map((user) => user.id));
  return users.map((user) => adminUserJson(user, credits.get(user.id) ?? 0));
}

/** Admin views of users with their balances, in the order given; unknown and deleted ones are left out. */
export async function adminUsers(
  identity: ServiceClient<IdentityDefinition>,
  balances: Balances,
  userIds: string[],
  adminId: string,
) {
  if (userIds.length === 0) return [];
  const { users } = await identity.GetUsers({ userIds, viewerId: adminId });
  const byId = new Map(users.map((user) => [user.id, user]));
  return withBalances(
    balances,
    userIds.flatMap((id) => byId.get(id) ?? []),
  );
}

/** `{ id, username }` of each user, for the console's lists (a deleted user's username is null). */
export async function userRefs(identity: ServiceClient<IdentityDefinition>, userIds: string[], adminId: string) {
  const unique = [...new Set(userIds.filter(Boolean))];
  const { users } = unique.length ? await identity.GetUsers({ userIds: unique, viewerId: adminId }) : { users: [] };
  const names = new Map(users.map((user) => [user.id, user.username || null]));
  return (id: string) => (id ? { id, username: names.get(id) ?? null } : null);
}

function postSummary(item: ContentFeedItem): PostSummary | null {
  const post = item.post;
  if (!post) return null;
  return {
    id: post.id,
    title: null,
    content: post.content,
    imageUrl: post.imageUrl || null,
    videoUrl: post.videoUrl || null,
    category: categorySchema.parse(post.category),
    createdAt: post.createdAt,
    isPremium: post.isPremium,
    creditCost: post.creditCost,
    author: { id: post.authorId, username: item.author?.username || null },
  };
}

/** The posts as an admin sees them (whole, premium or waiting), by id, asked of content in one call; deleted ones are missing. */
export async function postSummaries(content: ServiceClient<ContentDefinition>, postIds: string[], adminId: string) {
  const unique = [...new Set(postIds)];
  const { items } = unique.length ? await content.GetPosts({ postIds: unique, viewerId: adminId }) : { items: [] };
  const summaries = items.flatMap((item) => postSummary(item) ?? []);
  return new Map(summaries.map((summary) => [summary.id, summary]));
}

/** How much of a post's or a feedback's text a list shows. */
const EXCERPT_MAX = 140;

/** The start of a text for a list: whitespace folded, cut at a word before `max` characters, with '…' when cut. */
export function excerptOf(text: string, max = EXCERPT_MAX): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  if (folded.length <= max) return folded;
  const cut = folded.slice(0, max);
  const lastSpace = cut.lastIndexOf(' ');
  // A very long word is cut where it is.
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
