import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { z } from 'zod';
import { DomainError, parseInput } from '@tip/platform';
import type { MessagingMessage } from '@tip/messaging/contract';
import { messageSchema } from '@tip/messaging/domain';
import type { BffContext } from '../context.js';
import {
  conversationSchema,
  markReadResultSchema,
  sendResultSchema,
  threadPageSchema,
  unreadCountSchema,
  verificationStatusSchema,
} from '../contract/index.js';
import { handle } from '../http/handle.js';
import { idParam } from '../http/ids.js';
import { writeLimit } from '../http/rate-limits.js';
import { respond } from '../http/respond.js';
import { requireSession, sessionOf } from '../http/session-guard.js';

// The plain body is { recipientId, content }; a client that names the message itself (`id`) makes a retried send
// one message, charged once, while without it every request is a new message. 'Contatta' on a post may name the post
// instead (`postId`): the server finds its author, whom an anonymous post never names to the sender; the post's
// author names both, to answer a member who wrote to them through it.
const sendSchema = z
  .object({ id: z.uuid().optional(), recipientId: idParam.optional(), postId: idParam.optional() })
  .extend(messageSchema.shape)
  .refine((body) => body.recipientId !== undefined || body.postId !== undefined, {
    message: 'errors.invalidInput',
    path: ['recipientId'],
  });
// Through an anonymous post, the member reading the author's answers names the post only (`senderId` unknown to them).
const markReadSchema = z
  .object({ senderId: idParam.optional(), recipientId: idParam, postId: idParam.optional() })
  .refine((body) => body.senderId !== undefined || body.postId !== undefined, {
    message: 'errors.invalidInput',
    path: ['senderId'],
  });
const threadQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(30),
  cursor: z.string().max(100).default(''),
});
// The member of a conversation through an anonymous post, for its author; nothing for the member themselves.
const postThreadQuerySchema = threadQuerySchema.extend({ with: idParam.optional() });

/**
 * A message as the REST API shows it: readAt null while unread; through an anonymous post (`postId`), the author's id
 * is null for the other member (messaging leaves it empty).
 */
export function messageJson(message: MessagingMessage) {
  return {
    id: message.id,
    senderId: message.senderId || null,
    recipientId: message.recipientId || null,
    content: message.content,
    createdAt: message.createdAt,
    readAt: message.readAt || null,
    postId: message.postId || null,
  };
}

type AnonymousPost = { postId: string; authorId: string };

/**
 * The sent message as its recipient is shown it (Send answers the sender's view): the same, but through an
 * anonymous post, where the author is known to themselves only.
 */
function recipientView(sent: MessagingMessage, senderId: string, recipientId: string, post: AnonymousPost | null) {
  if (!post) return sent;
  const shown = (id: string) => (id === post.authorId && id !== recipientId ? '' : id);
  return { ...sent, senderId: shown(senderId), recipientId: shown(recipientId) };
}

/**
 * Private messages. Messaging sends and charges a message itself (a retried send with the client's id is charged
 * once; a refused debit stores nothing); the route finds whom it goes to and pushes it to both members' pages.
 */
export function messageRoutes(context: BffContext): Router {
  const { messaging, identity, content, balances, sessions, limits, say, push } = context;
  const router = Router();
  const signedIn = requireSession(sessions);

  /** Whom a message goes to: the member named, or the post's author (through the post when it is anonymous). */
  async function addressOf(userId: string, body: { recipientId?: string | undefined; postId?: string | undefined }) {
    if (!body.postId) return { recipientId: body.recipientId ?? '', anonymousPost: null };
    const { authorId, anonymous } = await content.PostAuthor({ postId: body.postId, viewerId: userId });
    // The author answers the member they name; anyone else writes to the author, whoever they named.
    const recipientId = authorId === userId ? body.recipientId : authorId;
    if (!recipientId) throw new DomainError('INVALID_ARGUMENT', 'errors.invalidInput', { field: 'recipientId' });
    return { recipientId, anonymousPost: anonymous ? { postId: body.postId, authorId } : null };
  }

  router.post(
    '/api/messages',
    signedIn,
    writeLimit(limits, 'messages'),
    handle(async (req, res) => {
      const { id = randomUUID(), content: text, ...address } = parseInput(sendSchema, req.body);
      const userId = sessionOf(res).user.id;
      const { recipientId, anonymousPost } = await addressOf(userId, address);
      // Messaging refuses a message between members either of whom blocked the other, from its own projection.
      const { message: sent, ...charge } = await messaging.Send({
        messageId: id,
        userId,
        recipientId,
        content: text,
        anonymousPost,
      });
      if (!sent) throw new Error('messaging answered a send without its message');
      if (charge.debited) balances.answered(userId, charge.sequence, charge.balance);
      const message = messageJson(sent);
      const received = messageJson(recipientView(sent, userId, recipientId, anonymousPost));
      // To the recipient's pages and the sender's other tabs, on every replica (a retried send pushes the same id);
      // `conversationWith` is the other member as each is shown them.
      const postId = anonymousPost?.postId ?? null;
      push.toUser(recipientId, {
        type: 'message_received',
        message: received,
        conversationWith: received.senderId,
        postId,
      });
      push.toUser(userId, { type: 'message_received', message, conversationWith: message.recipientId, postId });
      respond(res.status(201), sendResultSchema, {
        message,
        credits: await balances.get(userId),
        text: say(req, 'messaging.sent'),
      });
    }),
  );

  router.get(
    '/api/messages/conversations',
    signedIn,
    handle(async (_req, res) => {
      const { conversations } = await messaging.Conversations({ userId: sessionOf(res).user.id });
      respond(
        res,
        conversationSchema.array(),
        conversations.map((conversation) => ({
          // Null, with otherUser, for the author of an anonymous post the member wrote to through it (`postId`).
          otherUserId: conversation.otherUserId || null,
          otherUser: conversation.otherUser && {
            username: conversation.otherUser.username,
            profileImageUrl: conversation.otherUser.profileImageUrl || null,
            verificationStatus: verificationStatusSchema.parse(conversation.otherUser.verificationStatus),
          },
          lastMessage: conversation.lastMessage && {
            content: conversation.lastMessage.content,
            createdAt: conversation.lastMessage.createdAt,
          },
          unreadCount: conversation.unreadCount,
          postId: conversation.postId || null,
        })),
      );
    }),
  );

  router.get(
    '/api/messages/unread-count',
    signedIn,
    handle(async (_req, res) =>
      respond(res, unreadCountSchema, await messaging.UnreadCount({ userId: sessionOf(res).user.id })),
    ),
  );

  router.post(
    '/api/messages/mark-read',
    signedIn,
    writeLimit(limits, 'status'),
    handle(async (req, res) => {
      const { senderId = '', recipientId, postId = '' } = parseInput(markReadSchema, req.body);
      const userId = sessionOf(res).user.id;
      // Only the recipient marks messages read.
      if (recipientId !== userId) throw new DomainError('PERMISSION_DENIED', 'errors.forbidden');
      const { marked } = await messaging.MarkRead({ userId, senderId, postId });
      respond(res, markReadResultSchema, { success: true, marked });
    }),
  );

  // A conversation through an anonymous post: the member's own, or for the post's author the one `with` a member.
  router.get(
    '/api/messages/post/:postId',
    signedIn,
    handle(async (req, res) => {
      const postId = parseInput(idParam, req.params.postId);
      const { limit, cursor, with: otherUserId = '' } = parseInput(postThreadQuerySchema, req.query);
      const userId = sessionOf(res).user.id;
      const page = await messaging.Thread({ userId, otherUserId, postId, cursor, limit });
      // An empty conversation through a post nobody may see (or that never was) is a wrong address: 404.
      if (page.messages.length === 0 && !cursor) await content.PostAuthor({ postId, viewerId: userId });
      if (page.nextCursor) res.setHeader('X-Next-Cursor', page.nextCursor);
      respond(
        res,
        threadPageSchema,
        page.messages.map((message) => ({ message: messageJson(message), sender: { id: message.senderId || null } })),
      );
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
      respond(
        res,
        threadPageSchema,
        page.messages.map((message) => ({ message: messageJson(message), sender: { id: message.senderId } })),
      );
    }),
  );

  return router;
}
