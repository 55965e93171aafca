import { ringEach } from './bell.js';
import type { NotificationsContext } from './context.js';
import { noLongerWaiting, REPORTS, VERIFICATIONS } from './queues.js';

/** A post is gone: so is what its author was told about it, whose it was, and its reports waiting for the admins. */
export async function forgetPost(context: NotificationsContext, postId: string, correlationId: string) {
  await ringEach(context, await context.entries.removeAboutPost(postId), correlationId);
  await noLongerWaiting(context, REPORTS, postId, correlationId);
  await context.posts.forget(postId);
}

/**
 * One member blocked another: each leaves the other's notifications (an entry of theirs alone goes), and nothing
 * new passes between them while the block lasts (notify).
 */
export async function separate(context: NotificationsContext, a: string, b: string, correlationId: string) {
  const changed = [
    ...(await context.entries.takeOut({ userId: a }, b)),
    ...(await context.entries.takeOut({ userId: b }, a)),
  ];
  await ringEach(context, changed, correlationId);
}

/**
 * Erasure: the member's notifications and bell go, and they leave everyone else's (an entry of theirs alone goes)
 * and the admins' verifications waiting; of them, only the mark that they are gone stays, so that an event still on
 * its way tells no one about them. Their posts' reports go with the posts (content deletes each: forgetPost).
 */
export async function forgetMember(context: NotificationsContext, userId: string, correlationId: string) {
  await context.entries.removeOf(userId);
  await context.bells.remove(userId);
  await context.subscriptions.removeOf(userId);
  await context.preferences.remove(userId);
  // Rare, and not per member: one pass over everyone's entries for those that name them.
  await ringEach(context, await context.entries.takeOut({}, userId), correlationId);
  await noLongerWaiting(context, VERIFICATIONS, userId, correlationId);
  await context.members.forget(userId);
  await context.blocks.forgetMember(userId);
  await context.posts.forgetBy(userId);
}
