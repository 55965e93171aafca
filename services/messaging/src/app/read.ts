import { decodePosition, encodePosition } from '@tip/platform';
import { MessagesRead } from '../contract/index.js';
import { conversationKey, postConversationKey } from '../domain/index.js';
import type { CallInfo, MessagingContext } from './context.js';
import { messageView } from './views.js';

export const THREAD_MAX_PAGE = 100;

const otherThan = (userId: string, message: { senderId: string; recipientId: string }) =>
  message.senderId === userId ? message.recipientId : message.senderId;

/**
 * The member's conversations, most recent first, with the last message and how many are unread. A conversation
 * through an anonymous post names the post; its author stays unnamed to the member who wrote through it. One with a
 * member either of them blocked is left out while the block stands (docs/decisions.md#blocks-and-privacy).
 */
export async function conversations(context: MessagingContext, userId: string) {
  // Each conversation's newest message, read by index: the inbox costs the member's conversations, not their history.
  const [joined, hidden] = await Promise.all([context.conversations.of(userId), context.blocks.hiddenFrom(userId)]);
  const newest = await Promise.all(joined.map((conversation) => context.messages.newest(conversation._id)));
  const lasts = newest
    .filter((last): last is NonNullable<typeof last> => last !== null && !hidden.includes(otherThan(userId, last)))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const readUpTo = new Map(joined.map((conversation) => [conversation._id, conversation.readUpTo]));
  const unread = await Promise.all(
    lasts.map((last) =>
      context.messages.countSentTo(last.conversation, userId, readUpTo.get(last.conversation)?.[userId]),
    ),
  );
  const others = lasts.map((last) => otherThan(userId, last));
  const members = await context.members.getMany(others);
  return {
    conversations: lasts.map((last, index) => {
      const otherUserId = others[index] ?? '';
      const marks = readUpTo.get(last.conversation) ?? {};
      const mine = marks[userId];
      const hidden = last.postAuthorId !== undefined && last.postAuthorId === otherUserId;
      const member = hidden ? undefined : members.get(otherUserId);
      return {
        otherUserId: hidden ? '' : otherUserId,
        otherUser: member
          ? {
              username: member.username ?? '',
              profileImageUrl: member.profileImageUrl ?? '',
              verificationStatus: member.verificationStatus,
            }
          : null,
        lastMessage: messageView(last, last.senderId === userId ? marks[otherUserId] : mine, userId),
        unreadCount: unread[index] ?? 0,
        postId: last.postId ?? '',
      };
    }),
  };
}

/**
 * One conversation, newest first, paged by the cursor (the oldest message's time and id). Through an anonymous post: the
 * member's own (no other member named), or, for the post's author, the one with the member named. Between members
 * either of whom blocked the other, it reads as empty.
 */
export async function thread(
  context: MessagingContext,
  input: { userId: string; otherUserId: string; postId: string; cursor: string; limit: number },
) {
  const key = input.postId
    ? postConversationKey(input.postId, input.otherUserId || input.userId)
    : conversationKey(input.userId, input.otherUserId);
  // Naming the member of a post's conversation is for the post's author only.
  const postAuthorId = input.postId && input.otherUserId ? input.userId : undefined;
  const limit = Math.min(Math.max(input.limit || 30, 1), THREAD_MAX_PAGE);
  const [messages, read] = await Promise.all([
    context.messages.page(key, {
      limit,
      ...(input.cursor && { after: decodePosition(input.cursor) }),
      ...(postAuthorId && { postAuthorId }),
    }),
    context.conversations.get(key),
  ]);
  const first = messages[0];
  if (first && (await context.blocks.between(input.userId, otherThan(input.userId, first)))) {
    return { messages: [], nextCursor: '' };
  }
  const last = messages.at(-1);
  return {
    messages: messages.map((message) => messageView(message, read?.readUpTo[message.recipientId], input.userId)),
    nextCursor: messages.length === limit && last ? encodePosition({ at: last.createdAt, id: last._id }) : '',
  };
}

/**
 * The conversation a reader read and whose messages they read. Through an anonymous post, the author names the
 * member, and the member names no one (the author's answers were read); null when the reader has no part in it.
 */
async function readConversation(
  context: MessagingContext,
  input: { userId: string; senderId: string; postId: string },
): Promise<{ key: string; senderId: string; post?: { postId: string; authorId: string } } | null> {
  if (!input.postId) return { key: conversationKey(input.userId, input.senderId), senderId: input.senderId };
  const key = postConversationKey(input.postId, input.senderId || input.userId);
  const authorId = (await context.messages.anySent(key))?.postAuthorId;
  if (!authorId || (input.senderId && input.userId !== authorId)) return null;
  return { key, senderId: input.senderId || authorId, post: { postId: input.postId, authorId } };
}

/** The reader has read everything the sender sent them until now; the sender hears of it. */
export async function markRead(
  context: MessagingContext,
  input: { userId: string; senderId: string; postId: string },
  call: CallInfo,
) {
  const read = await readConversation(context, input);
  if (!read) return { marked: 0, readAt: '' };
  const { key, senderId } = read;
  const { conversation } = await context.conversations.open(key, [input.userId, senderId]);
  const readAt = new Date().toISOString();
  const previous = conversation.readUpTo[input.userId];
  const marked = await context.messages.countSentTo(key, input.userId, previous);
  if (marked === 0) return { marked, readAt: previous ?? '' };
  const event = MessagesRead.create(
    key,
    { conversation: key, readerId: input.userId, senderId, readAt, ...(read.post && { post: read.post }) },
    call.correlationId,
  );
  await context.conversations.markRead(key, input.userId, readAt, [event]);
  return { marked, readAt };
}

export async function unreadCount(context: MessagingContext, userId: string) {
  const { conversations: list } = await conversations(context, userId);
  return { count: list.reduce((sum, conversation) => sum + conversation.unreadCount, 0) };
}

/** The text of the latest message sent to the recipient in the conversation, for their lock screen (notifications). */
export async function preview(context: MessagingContext, input: { conversation: string; recipientId: string }) {
  const latest = await context.messages.latestTo(input.conversation, input.recipientId);
  return { content: latest?.content ?? '' };
}
