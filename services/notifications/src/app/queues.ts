import { groupKey, SUBJECTS, type NotificationKind } from '../domain/index.js';
import { ringEach } from './bell.js';
import type { NotificationsContext } from './context.js';
import { notify, type Occasion } from './notify.js';
import type { Changed } from '../infra/notification-store.js';

/** An admin queue's summary: its kind and subject (SUBJECTS). */
export interface Queue {
  kind: NotificationKind;
  subject: string;
}

/** Members whose verification photo waits for a decision; the item is the member. */
export const VERIFICATIONS: Queue = { kind: 'verifications_waiting', subject: SUBJECTS.verifications };
/** Reported posts whose reports wait to be resolved; the item is the post (one item in the console's Reports tab). */
export const REPORTS: Queue = { kind: 'reports_filed', subject: SUBJECTS.reports };

/**
 * An item waits in a queue (`item`: what the console lists, `about`: the member it is theirs): it joins every admin's
 * summary, but that of the admin it is about (their own report or verification). The summary names no one.
 */
export async function toAdmins(
  context: NotificationsContext,
  queue: Queue,
  waiting: { item: string; about: string },
  event: Occasion,
) {
  for (const admin of await context.members.admins()) {
    if (admin === waiting.about) continue;
    await notify(context, { userId: admin, ...queue, item: waiting.item, actorId: null }, event);
  }
}

/**
 * The item no longer waits (decided, resolved, gone): it leaves every admin's unread summary of the queue, which goes
 * when nothing is left, and their bells ring with the new count.
 */
export async function noLongerWaiting(
  context: NotificationsContext,
  queue: Queue,
  item: string,
  correlationId: string,
) {
  const changed: Changed[] = [];
  for (const admin of await context.members.admins()) {
    const group = groupKey(admin, queue.kind, queue.subject);
    const left = group && (await context.entries.withdrawItem(group, item));
    if (left) changed.push(left);
  }
  await ringEach(context, changed, correlationId);
}
