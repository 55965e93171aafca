import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { EXTRA_REFRESH_MS, startExtraConversationsRefresh } from './extra-refresh';
import { conversationsKey } from './keys';

describe("the conversation list's extra refresh", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('asks for the list every 5 s until stopped', async () => {
    const queryClient = new QueryClient();
    let fetches = 0;
    // The list as the messages screen shows it: observed, never stale on its own, not polled.
    const list = new QueryObserver(queryClient, {
      queryKey: conversationsKey,
      queryFn: async () => ++fetches,
      staleTime: Infinity,
    });
    const unsubscribe = list.subscribe(() => undefined);
    await jest.advanceTimersByTimeAsync(0);
    expect(fetches).toBe(1);

    const stop = startExtraConversationsRefresh(queryClient);
    await jest.advanceTimersByTimeAsync(EXTRA_REFRESH_MS - 1);
    expect(fetches).toBe(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(fetches).toBe(2);
    await jest.advanceTimersByTimeAsync(EXTRA_REFRESH_MS);
    expect(fetches).toBe(3);

    stop();
    await jest.advanceTimersByTimeAsync(EXTRA_REFRESH_MS * 3);
    expect(fetches).toBe(3);
    unsubscribe();
    queryClient.clear();
  });
});
