import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { z } from 'zod';
import { DomainError, parseInput, type MessagingMessage } from '@tip/platform';
import { messageSchema } from '@tip/messaging/domain';
import type { BffContext } from '../context.js';
import { writeLimit } from '../http/rate-limits.js';
import { handle } from '../http/handle.js';
import { idParam } from '../http/ids.js';
import { requireSession, sessionOf } from '../http/session-guard.js';

// The spec's body is { recipientId, content }; a client that names the message itself (`id`) makes a retried send
// one message, charged once, while without it every request is a new message.
const sendSchema = z.object({ id: z.uuid().optional(), recipientId: idParam }).extend(messageSchema.shape);
const markReadSchema = z.object({ senderId: idParam, recipientId: idParam });
const threadQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(30),
  cursor: z.string().max(40).default(''),
});

/** A message as the REST API shows it: readAt null while unread. */
export function messageJson(message: MessagingMessage) {
  return {
    id: message.id,
    senderId: message.senderId,
    recipientId: message.recipientId,
    content: message.content,
    createdAt: message.createdAt,
    readAt: message.readAt || null,
  };
}

/**
 * Private messages. Sending is the saga the messaging service describes: its rules and a pending message, the
 * wallet's debit keyed by the message's id (a retried send with the client's id is charged once), then the commit;
 * a refused debit drops the pending message, so nothing is stored.
 */
export function messageRoutes(context: BffContext): Router {
  const { messaging, wallet, identity, balances, sessions, limits, say, push } = context;
  const router = Router();
  const signedIn = requireSession(sessions);

  router.post(
    '/api/messages',
    signedIn,
    writeLimit(limits, 'messages'),
    handle(async (req, res) => {
      const { id = randomUUID(), recipientId, content } = parseInput(sendSchema, req.body);
      const userId = sessionOf(res).user.id;
      const { userIds: blockedUserIds } = await identity.BlockedBetween({ userId });
      const prepared = await messaging.PrepareSend({ messageId: id, userId, recipientId, content, blockedUserIds });
      if (prepared.cost > 0) {
        try {
          const { balance } = await wallet.Debit({
            userId,
            amount: prepared.cost,
            reference: { type: 'message', id },
            idempotencyKey: prepared.idempotencyKey,
            actorId: userId,
          });
          balances.update(userId, balance);
        } catch (error) {
          if (error instanceof DomainError && error.code === 'PAYMENT_REQUIRED') {
            await messaging.AbortSend({ messageId: id, userId });
          }
          throw error;
        }
      }
      const message = messageJson(await messaging.CommitSend({ messageId: id, userId }));
      // To the recipient's pages and the sender's other tabs, on every replica (a retried send pushes the same id).
      push.toUser(recipientId, { type: 'message_received', message, conversationWith: userId });
      push.toUser(userId, { type: 'message_received', message, conversationWith: recipientId });
      res.status(201).json({ message, credits: await balances.get(userId), text: say(req, 'messaging.sent') });
    }),
  );

  router.get(
    '/api/messages/conversations',
    signedIn,
    handle(async (_req, res) => {
      const { conversations } = await messaging.Conversations({ userId: sessionOf(res).user.id });
      res.json(
        conversations.map((conversation) => ({
          otherUserId: conversation.otherUserId,
          otherUser: conversation.otherUser && {
            username: conversation.otherUser.username,
            profileImageUrl: conversation.otherUser.profileImageUrl || null,
            verificationStatus: conversation.otherUser.verificationStatus,
          },
          lastMessage: conversation.lastMessage && {
            content: conversation.lastMessage.content,
            createdAt: conversation.lastMessage.createdAt,
          },
          unreadCount: conversation.unreadCount,
        })),
      );
    }),
  );

  router.get(
    '/api/messages/unread-count',
    signedIn,
    handle(async (_req, res) => res.json(await messaging.UnreadCount({ userId: sessionOf(res).user.id }))),
  );

  router.post(
    '/api/messages/mark-read',
    signedIn,
    writeLimit(limits, 'status'),
    handle(async (req, res) => {
      const { senderId, recipientId } = parseInput(markReadSchema, req.body);
      const userId = sessionOf(res).user.id;
      // Only the recipient marks messages read.
      if (recipientId !== userId) throw new DomainError('PERMISSION_DENIED', 'errors.forbidden');
      const { marked } = await messaging.MarkRead({ userId, senderId });
      res.json({ success: true, marked });
    }),
  );

  router.get(
    '/api/messages/:otherUserId',
    signedIn,
    handle(async (req, res) => {
      const otherUserId = parseInput(idParam, req.params.otherUserId);
      const { limit, cursor } = parseInput(threadQuerySchema, req.query);
      const page = await messaging.Thread({ userId: sessionOf(res).user.id, otherUserId, cursor, limit });
      // An empty thread with someone who never existed is a wrong address; with a member deleted since, it is empty.
      if (page.messages.length === 0 && !cursor) {
        await identity.GetUser({ userId: otherUserId, viewerId: '' }).catch((error: unknown) => {
          if (!(error instanceof DomainError && error.code === 'GONE')) throw error;
        });
      }
      if (page.nextCursor) res.setHeader('X-Next-Cursor', page.nextCursor);
      res.json(page.messages.map((message) => ({ message: messageJson(message), sender: { id: message.senderId } })));
    }),
  );

  return router;
}
