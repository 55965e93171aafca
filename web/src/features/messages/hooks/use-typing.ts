import { useEffect, useState } from 'react';
import { emitRealtime, isRealtimeConnected } from '@/realtime/socket';

/** How long another member's typing signal shows. */
const TYPING_SHOWN_MS = 3_000;
/** The member's own typing signal goes out at most this often per recipient. */
const TYPING_THROTTLE_MS = 2_000;

const typingListeners = new Set<(fromUserId: string, typing: boolean) => void>();

/** `fromUserId` signalled typing (a `typing` push), or stopped (their message arrived). */
export const notifyTyping = (fromUserId: string, typing: boolean) =>
  typingListeners.forEach((listener) => listener(fromUserId, typing));

/** True for ~3 s after `userId` signalled typing to the member (and until their message arrives). */
export function useIsTyping(userId: string | null): boolean {
  const [typingUser, setTypingUser] = useState<string | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const listener = (fromUserId: string, typing: boolean) => {
      if (fromUserId !== userId) return;
      clearTimeout(timer);
      setTypingUser(typing ? fromUserId : null);
      if (typing) timer = setTimeout(() => setTypingUser(null), TYPING_SHOWN_MS);
    };
    typingListeners.add(listener);
    return () => {
      typingListeners.delete(listener);
      clearTimeout(timer);
    };
  }, [userId]);
  return userId !== null && typingUser === userId;
}

const lastTypingSent = new Map<string, number>();

/** Tells `to` that the member is typing (at most once per 2 s per recipient; nothing while disconnected). */
export function emitTyping(to: string) {
  const now = Date.now();
  if (!isRealtimeConnected() || now - (lastTypingSent.get(to) ?? 0) < TYPING_THROTTLE_MS) return;
  lastTypingSent.set(to, now);
  emitRealtime('typing', { to });
}
