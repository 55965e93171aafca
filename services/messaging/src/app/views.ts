import type { MessageDocument } from '../infra/message-repository.js';

/**
 * Who `viewerId` may know as a participant of the message: everyone, except the author of an anonymous post in a
 * conversation through it, who is known only to themselves (an empty id).
 */
export function shownId(message: MessageDocument, id: string, viewerId: string): string {
  return message.postAuthorId === id && id !== viewerId ? '' : id;
}

/**
 * A message as `viewerId` (one of its two members) is shown it; `readUpTo` is its recipient's read mark in the
 * conversation.
 */
export function messageView(message: MessageDocument, readUpTo: string | undefined, viewerId: string) {
  const read = readUpTo !== undefined && message.createdAt <= readUpTo;
  return {
    id: message._id,
    senderId: shownId(message, message.senderId, viewerId),
    recipientId: shownId(message, message.recipientId, viewerId),
    content: message.content,
    createdAt: message.createdAt,
    readAt: read ? readUpTo : '',
    postId: message.postId ?? '',
  };
}
