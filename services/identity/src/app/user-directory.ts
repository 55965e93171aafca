import { DomainError } from '@tip/platform';
import { userDirectoryFilter, viewUser, type UserDirectoryQuery, type UserView } from '../domain/index.js';
import { toAccount } from '../infra/user-document.js';
import type { IdentityContext } from './context.js';
import { resolveViewer } from './viewer.js';

async function requireAdmin(context: IdentityContext, viewerId: string) {
  const viewer = await resolveViewer(context, viewerId);
  if (!viewer?.isAdmin) throw new DomainError('PERMISSION_DENIED', 'errors.adminOnly');
  return viewer;
}

/** The admin console's user list: one page, newest first, with the total for the pager (both kept between writes). */
export async function listUsers(
  context: IdentityContext,
  viewerId: string,
  query: UserDirectoryQuery,
): Promise<{ users: UserView[]; total: number }> {
  const viewer = await requireAdmin(context, viewerId);
  const filter = { ...userDirectoryFilter(query), deleted: { $ne: true } };
  const [page, total] = await Promise.all([
    context.users.pageMatching(filter, (query.page - 1) * query.limit, query.limit),
    context.users.countMatching(filter),
  ]);
  return { users: page.map((user) => viewUser(toAccount(user), viewer)), total };
}

/** Several users as the viewer may see them (for the console's lists); unknown and deleted ones are left out. */
export async function getUsers(context: IdentityContext, userIds: string[], viewerId: string): Promise<UserView[]> {
  const viewer = await resolveViewer(context, viewerId);
  const users = await context.users.findManyById(userIds.slice(0, 500));
  return users.map((user) => viewUser(toAccount(user), viewer));
}
