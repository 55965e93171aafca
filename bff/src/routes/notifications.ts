import { Router } from 'express';
import { z } from 'zod';
import { parseInput } from '@tip/platform';
import type { NotificationView, PreferencesView } from '@tip/notifications/contract';
import type { BffContext } from '../context.js';
import {
  notificationPreferencesSchema,
  notificationPageSchema,
  notificationsReadSchema,
  pushKeySchema,
  pushSubscriptionInputSchema,
  pushUnsubscribeInputSchema,
  unreadCountSchema,
  type Notification,
  type NotificationPreferences,
} from '../contract/index.js';
import { handle } from '../http/handle.js';
import { idParam } from '../http/ids.js';
import { writeLimit } from '../http/rate-limits.js';
import { respond } from '../http/respond.js';
import { requireSession, sessionOf } from '../http/session-guard.js';

const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(20),
  cursor: z.string().max(200).default(''),
});

/** `{ ids }` (at most 100) or `{ all: true }`. */
const readSchema = z
  .object({
    ids: z.array(idParam).max(100, 'notifications.readTooMany').optional(),
    all: z.literal(true).optional(),
  })
  .refine((body) => body.all === true || (body.ids?.length ?? 0) > 0, { message: 'notifications.readWhich' });

/** A notification as the REST API shows it: what notifications leaves empty is null. */
export function notificationJson(notification: NotificationView): Notification {
  const { actor } = notification;
  return {
    id: notification.id,
    kind: notification.kind as Notification['kind'],
    actor: actor && {
      id: actor.id,
      username: actor.username || null,
      profileImageUrl: actor.profileImageUrl || null,
    },
    actorCount: notification.actorCount,
    count: notification.count,
    postId: notification.postId || null,
    conversationWith: notification.conversationWith || null,
    reason: notification.reason || null,
    credits: notification.credits || null,
    months: notification.months || null,
    read: notification.read,
    createdAt: notification.createdAt,
    updatedAt: notification.updatedAt,
  };
}

const noSwitches = { messages: false, posts: false, decisions: false, credits: false, queues: false };

/** The preferences as the REST API shows them: the proto's absent quiet hours are null. */
function preferencesJson(preferences: PreferencesView): NotificationPreferences {
  const { quietHours } = preferences;
  return {
    inApp: { ...noSwitches, ...preferences.inApp },
    push: { ...noSwitches, ...preferences.push },
    previews: preferences.previews,
    quietHours: quietHours && { from: quietHours.from, to: quietHours.to, timeZone: quietHours.timeZone },
  };
}

/**
 * The signed-in member's notifications: the list (newest first, a page after `cursor`), the unread count the bell
 * shows, and marking read; what they want to be told and where (preferences), and their devices' subscriptions to
 * Web Push. The member's pages hear of every change by the `notification` push.
 */
export function notificationRoutes(context: BffContext): Router {
  const { notifications, sessions, limits } = context;
  const router = Router();
  const signedIn = requireSession(sessions);

  router.get(
    '/api/notifications',
    signedIn,
    handle(async (req, res) => {
      const { limit, cursor } = parseInput(pageQuerySchema, req.query);
      const page = await notifications.List({ userId: sessionOf(res).user.id, cursor, limit });
      respond(res, notificationPageSchema, {
        notifications: page.notifications.map(notificationJson),
        nextCursor: page.nextCursor || null,
      });
    }),
  );

  router.get(
    '/api/notifications/unread-count',
    signedIn,
    handle(async (_req, res) =>
      respond(res, unreadCountSchema, await notifications.UnreadCount({ userId: sessionOf(res).user.id })),
    ),
  );

  router.post(
    '/api/notifications/read',
    signedIn,
    writeLimit(limits, 'status'),
    handle(async (req, res) => {
      const { ids = [], all = false } = parseInput(readSchema, req.body);
      const read = await notifications.MarkRead({ userId: sessionOf(res).user.id, ids, all });
      respond(res, notificationsReadSchema, { success: true, marked: read.marked, unreadCount: read.unreadCount });
    }),
  );

  router.get(
    '/api/notifications/preferences',
    signedIn,
    handle(async (_req, res) =>
      respond(
        res,
        notificationPreferencesSchema,
        preferencesJson(await notifications.GetPreferences({ userId: sessionOf(res).user.id })),
      ),
    ),
  );

  router.put(
    '/api/notifications/preferences',
    signedIn,
    writeLimit(limits, 'status'),
    handle(async (req, res) => {
      const preferences = parseInput(notificationPreferencesSchema, req.body);
      const saved = await notifications.SetPreferences({ userId: sessionOf(res).user.id, preferences });
      respond(res, notificationPreferencesSchema, preferencesJson(saved));
    }),
  );

  router.get(
    '/api/notifications/push/key',
    signedIn,
    handle(async (_req, res) =>
      respond(res, pushKeySchema, { publicKey: (await notifications.PushKey({})).publicKey }),
    ),
  );

  router.post(
    '/api/notifications/push/subscriptions',
    signedIn,
    writeLimit(limits, 'status'),
    handle(async (req, res) => {
      const subscription = parseInput(pushSubscriptionInputSchema, req.body);
      await notifications.Subscribe({ userId: sessionOf(res).user.id, ...subscription });
      res.status(204).end();
    }),
  );

  router.delete(
    '/api/notifications/push/subscriptions',
    signedIn,
    writeLimit(limits, 'status'),
    handle(async (req, res) => {
      const { endpoint } = parseInput(pushUnsubscribeInputSchema, req.body);
      await notifications.Unsubscribe({ userId: sessionOf(res).user.id, endpoint });
      res.status(204).end();
    }),
  );

  return router;
}
