import type { MessageDocument } from '../infra/stores.js';

/** A message as the API shows it; `readUpTo` is its recipient's read mark in the conversation. */
export function messageView(message: MessageDocument, readUpTo: string | undefined) {
  const read = readUpTo !== undefined && message.createdAt <= readUpTo;
  return {
    id: message._id,
    senderId: message.senderId,
    recipientId: message.recipientId,
    content: message.content,
    createdAt: message.createdAt,
    readAt: read ? readUpTo : '',
  };
}
