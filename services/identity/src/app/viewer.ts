import { viewUser, type UserView, type Viewer } from '../domain/index.js';
import { toAccount, type UserDocument } from '../infra/user-document.js';
import type { IdentityContext } from './context.js';

/** The viewer's role is identity's own knowledge: the caller only says who is asking. */
export async function resolveViewer(context: IdentityContext, viewerId: string): Promise<Viewer | null> {
  if (!viewerId) return null;
  const viewer = await context.users.findById(viewerId);
  return viewer ? { id: viewer._id, isAdmin: viewer.isAdmin } : null;
}

/** How the user sees itself. */
export function ownView(user: UserDocument): UserView {
  return viewUser(toAccount(user), { id: user._id, isAdmin: user.isAdmin });
}
