import type { VerificationStatus } from '@/api/types';

/**
 * A stored message; `readAt` stays null until the recipient opened the conversation. Through an anonymous post
 * (`postId`), the post's author is null to the other member.
 */
export type Message = {
  id: string;
  senderId: string | null;
  recipientId: string | null;
  content: string;
  createdAt: string;
  readAt: string | null;
  postId: string | null;
};

/**
 * A conversation: with a member (`userId`), or through an anonymous post (`postId`): the member's own with the post's
 * unnamed author (`userId` null), or, for the post's author, the one with the member `userId`.
 */
export type Chat = { userId: string | null; postId: string | null };

/** One string per conversation: the other member's id for two members, so that `/messages?user=` stays theirs. */
export const chatKey = ({ userId, postId }: Chat): string =>
  postId ? `post:${postId}:${userId ?? ''}` : (userId ?? '');

/**
 * One row of GET /api/messages/conversations; `otherUser` is null when that member was deleted, and with
 * `otherUserId` when they are the unnamed author of the anonymous post the conversation goes through (`postId`).
 */
export type Conversation = {
  otherUserId: string | null;
  otherUser: { username: string; profileImageUrl: string | null; verificationStatus: VerificationStatus } | null;
  lastMessage: { content: string; createdAt: string } | null;
  unreadCount: number;
  postId: string | null;
};

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
  message: { id: string; content: string; createdAt: string; readAt: string | null };
  sender: { id: string | null };
  pending?: boolean;
};

/** One page of a thread, newest first; `nextCursor` (older messages) is null at the start of the conversation. */
export type ThreadPage = { items: ThreadItem[]; nextCursor: string | null };

/** POST /api/messages: the stored message and the sender's new balance. */
export type SendResult = { message: Message; credits: number };

/** What a message costs its sender (admins write for free). The server charges it; this only names it. */
export const MESSAGE_COST = 2;
/** The longest message the server takes (messaging's MESSAGE_MAX_CHARACTERS). */
export const MESSAGE_MAX_LENGTH = 2_000;
