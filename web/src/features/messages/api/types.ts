import type { Conversation, ThreadEntry } from '@tip/bff/contract';

/** Messages and conversations, as the BFF's contract defines them (bff/src/contract/messages.ts). */
export type { Conversation, MarkReadResult, Message, SendResult, UnreadCount } from '@tip/bff/contract';

/**
 * A conversation: with a member (`userId`), or through an anonymous post (`postId`): the member's own with the post's
 * unnamed author (`userId` null), or, for the post's author, the one with the member `userId`.
 */
export type Chat = { userId: string | null; postId: string | null };

/** One string per conversation: the other member's id for two members, so that `/messages?user=` stays theirs. */
export const chatKey = ({ userId, postId }: Chat): string =>
  postId ? `post:${postId}:${userId ?? ''}` : (userId ?? '');

export const chatOf = (conversation: Conversation): Chat => ({
  userId: conversation.otherUserId,
  postId: conversation.postId,
});

/**
 * One message of a thread as GET /api/messages/{otherUserId} (or /api/messages/post/{postId}) answers it; the
 * sender is null for the unnamed author of an anonymous post. `pending` marks a message this tab shows before the
 * server stored it (an optimistic send).
 */
export type ThreadItem = {
  message: Pick<ThreadEntry['message'], 'id' | 'content' | 'createdAt' | 'readAt'>;
  sender: ThreadEntry['sender'];
  pending?: boolean;
};
