import { DomainError, type ServiceClient } from '@tip/platform';
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

/** The posts as an admin sees them (whole, premium or waiting), by id; deleted ones are missing. */
export async function postSummaries(content: ServiceClient<ContentDefinition>, postIds: string[], adminId: string) {
  const summaries = await Promise.all(
    [...new Set(postIds)].map((postId) =>
      content.GetPost({ postId, viewerId: adminId }).then(postSummary, (error: unknown) => {
        if (error instanceof DomainError && error.code === 'NOT_FOUND') return null;
        throw error;
      }),
    ),
  );
  return new Map(summaries.flatMap((summary) => (summary ? [[summary.id, summary] as const] : [])));
}
