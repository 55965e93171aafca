import type { QueryClient } from '@tanstack/react-query';
// Relative: the unit test runs it under jest, which knows no '@/' alias.
import { conversationsKey } from './keys';

/** Besides its 2 s polling the conversation list gets an extra refresh every 5 s (only while the socket is down). */
export const EXTRA_REFRESH_MS = 5_000;

/**
 * The extra refresh of the conversation list, every 5 s until the returned function is called. A fetch already in
 * flight (the 2 s polling's) is not cut short: it counts.
 */
export function startExtraConversationsRefresh(queryClient: QueryClient): () => void {
  const timer = setInterval(
    () => void queryClient.invalidateQueries({ queryKey: conversationsKey }, { cancelRefetch: false }),
    EXTRA_REFRESH_MS,
  );
  return () => clearInterval(timer);
}
