import { DomainError, MessagesRead } from '@tip/platform';
import { conversationKey } from '../domain/index.js';
import type { CallInfo, MessagingContext } from './context.js';
import { messageView } from './views.js';

export const THREAD_MAX_PAGE = 100;

/** The member's conversations, most recent first, with the last message and how many are unread. */
export async function conversations(context: MessagingContext, userId: string) {
  const { stores } = context;
  const sent = await stores.messages.find(
    { $or: [{ senderId: userId }, { recipientId: userId }], status: 'sent' },
    { sort: { createdAt: -1 } },
  );
  const byConversation = new Map<string, typeof sent>();
  for (const message of sent)
    byConversation.set(message.conversation, [...(byConversation.get(message.conversation) ?? []), message]);
  const reads = await stores.conversations.find({ _id: { $in: [...byConversation.keys()] } });
  const readUpTo = new Map(reads.map((conversation) => [conversation._id, conversation.readUpTo]));
  const others = [...byConversation.values()].map(
    ([last]) => (last?.senderId === userId ? last.recipientId : last?.senderId) ?? '',
  );
  const members = new Map((await stores.members.find({ _id: { $in: others } })).map((member) => [member._id, member]));
  return {
    conversations: [...byConversation.entries()].map(([key, messages], index) => {
      const otherUserId = others[index] ?? '';
      const marks = readUpTo.get(key) ?? {};
      const last = messages[0];
      const mine = marks[userId];
      const member = members.get(otherUserId);
      return {
        otherUserId,
        otherUser: member
          ? {
              username: member.username ?? '',
              profileImageUrl: member.profileImageUrl ?? '',
              verificationStatus: member.verificationStatus,
            }
          : null,
        lastMessage: last ? messageView(last, last.senderId === userId ? marks[otherUserId] : mine) : null,
        unreadCount: messages.filter(
          (message) => message.recipientId === userId && (mine === undefined || message.createdAt > mine),
        ).length,
      };
    }),
  };
}

/** One conversation, newest first, paged by the cursor (the oldest message's time). */
export async function thread(
  context: MessagingContext,
  input: { userId: string; otherUserId: string; cursor: string; limit: number },
) {
  const key = conversationKey(input.userId, input.otherUserId);
  const limit = Math.min(Math.max(input.limit || 30, 1), THREAD_MAX_PAGE);
  if (input.cursor && Number.isNaN(Date.parse(input.cursor))) {
    throw new DomainError('INVALID_ARGUMENT', 'errors.invalidInput', { field: 'cursor' });
  }
  const filter = { conversation: key, status: 'sent', ...(input.cursor ? { createdAt: { $lt: input.cursor } } : {}) };
  const [messages, read] = await Promise.all([
    context.stores.messages.find(filter, { sort: { createdAt: -1 }, limit }),
    context.stores.conversations.findOne({ _id: key }),
  ]);
  const last = messages.at(-1);
  return {
    messages: messages.map((message) => messageView(message, read?.readUpTo[message.recipientId])),
    nextCursor: messages.length === limit && last ? last.createdAt : '',
  };
}

/** The reader has read everything the sender sent them until now; the sender hears of it. */
export async function markRead(context: MessagingContext, input: { userId: string; senderId: string }, call: CallInfo) {
  const key = conversationKey(input.userId, input.senderId);
  const conversation = await context.stores.conversation(key, [input.userId, input.senderId]);
  const readAt = new Date().toISOString();
  const previous = conversation.readUpTo[input.userId];
  const marked = await context.stores.messages.count({
    conversation: key,
    recipientId: input.userId,
    status: 'sent',
    ...(previous ? { createdAt: { $gt: previous } } : {}),
  });
  if (marked === 0) return { marked, readAt: previous ?? '' };
  const event = MessagesRead.create(
    key,
    { conversation: key, readerId: input.userId, senderId: input.senderId, readAt },
    call.correlationId,
  );
  await context.stores.updateConversation(key, {}, { $set: { [`readUpTo.${input.userId}`]: readAt } }, [event]);
  return { marked, readAt };
}

export async function unreadCount(context: MessagingContext, userId: string) {
  const { conversations: list } = await conversations(context, userId);
  return { count: list.reduce((sum, conversation) => sum + conversation.unreadCount, 0) };
}
