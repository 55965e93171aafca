/** Every query about messages starts with this (a reconnection refreshes them all). */
export const messagesKey = ['messages'] as const;
export const conversationsKey = [...messagesKey, 'conversations'] as const;
export const unreadCountKey = [...messagesKey, 'unread-count'] as const;
export const threadsKey = [...messagesKey, 'thread'] as const;
export const threadKey = (otherUserId: string) => [...threadsKey, otherUserId] as const;
