import type { MessagingContext } from './context.js';
import { messageView } from './views.js';

/**
 * Everything messaging holds about the member, for their data export: the messages they sent and received (the other
 * member by id, but for an anonymous post's author, whom it does not name either), oldest first, each with when its
 * recipient read it. A message of theirs still waiting for its debit
 * is there as pending; one sent to them that is not paid for yet is not theirs to see.
 */
export async function exportMember(context: MessagingContext, userId: string): Promise<{ json: string }> {
  const all = (await context.messages.ofMember(userId)).sort(
    (a, b) => a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id),
  );
  const keys = [...new Set(all.map((message) => message.conversation))];
  const reads = await context.conversations.getMany(keys);
  const readUpTo = new Map(reads.map((conversation) => [conversation._id, conversation.readUpTo]));
  const messages = all.map((message) => {
    const { readAt, ...view } = messageView(message, readUpTo.get(message.conversation)?.[message.recipientId], userId);
    return {
      ...view,
      direction: message.senderId === userId ? 'sent' : 'received',
      status: message.status,
      readAt: readAt || null,
    };
  });
  return { json: JSON.stringify({ messages }, null, 2) };
}
