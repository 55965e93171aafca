import type { VerificationStatus } from '@/api/types';

/** A stored message; `readAt` stays null until the recipient opened the conversation. */
export type Message = {
  id: string;
  senderId: string;
  recipientId: string;
  content: string;
  createdAt: string;
  readAt: string | null;
};

/** One row of GET /api/messages/conversations; `otherUser` is null when that member was deleted. */
export type Conversation = {
  otherUserId: string;
  otherUser: { username: string; profileImageUrl: string | null; verificationStatus: VerificationStatus } | null;
  lastMessage: { content: string; createdAt: string } | null;
  unreadCount: number;
};

/**
 * One message of a thread as GET /api/messages/{otherUserId} answers it. `pending` marks a message this tab shows
 * before the server stored it (an optimistic send).
 */
export type ThreadItem = {
  message: { id: string; content: string; createdAt: string; readAt: string | null };
  sender: { id: string };
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
