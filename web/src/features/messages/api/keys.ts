/** Every query about messages starts with this (a reconnection refreshes them all). */
export const messagesKey = ['messages'] as const;
export const conversationsKey = [...messagesKey, 'conversations'] as const;
export const unreadCountKey = [...messagesKey, 'unread-count'] as const;
export const threadsKey = [...messagesKey, 'thread'] as const;
/** The thread of a conversation, by its chatKey (the other member's id between two members). */
export const threadKey = (key: string) => [...threadsKey, key] as const;
