import { describe, expect, it } from '@jest/globals';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { dispatchDisconnect, dispatchPush, isPushedEvent, type PushHandlers } from './push';

/** A query client that records, in order, what the handlers did to it. */
function recording() {
  const queryClient = new QueryClient();
  const done: string[] = [];
  queryClient.invalidateQueries = (async (filters?: { queryKey?: QueryKey }) => {
    done.push(`invalidate ${JSON.stringify(filters?.queryKey)}`);
  }) as QueryClient['invalidateQueries'];
  return { queryClient, done };
}

describe('push handlers', () => {
  const blocks: PushHandlers = {
    events: { blocks_updated: { apply: (_client, event) => void event, invalidates: [['blocks']] } },
  };
  const feed: PushHandlers = {
    events: {
      blocks_updated: { invalidates: [['posts', 'feed']] },
      feed_updated: {
        apply: (queryClient, event) => void queryClient.invalidateQueries({ queryKey: ['comments', event.postIds] }),
        invalidates: [['posts', 'feed']],
      },
    },
    onDisconnect: [['posts']],
  };
  const messages: PushHandlers = { events: {}, onDisconnect: [['messages']] };

  it("applies every feature's handler of the event's type, then makes their queries stale, in the features' order", () => {
    const { queryClient, done } = recording();
    const applied: string[] = [];
    const spy: PushHandlers = {
      events: { blocks_updated: { apply: (_client, event) => void applied.push(`spy ${event.type}`) } },
    };
    dispatchPush(queryClient, [blocks, spy, feed], { type: 'blocks_updated' });
    expect(applied).toEqual(['spy blocks_updated']);
    expect(done).toEqual(['invalidate ["blocks"]', 'invalidate ["posts","feed"]']);

    done.length = 0;
    dispatchPush(queryClient, [blocks, feed], { type: 'feed_updated', postIds: ['p1'] });
    expect(done).toEqual(['invalidate ["comments",["p1"]]', 'invalidate ["posts","feed"]']);
  });

  it('leaves an event no feature handles, or named like an object property, alone', () => {
    const { queryClient, done } = recording();
    for (const type of ['unknown', 'constructor', 'toString', '__proto__'])
      dispatchPush(queryClient, [blocks, feed, messages], { type });
    expect(done).toEqual([]);
  });

  it("makes each feature's polled queries stale when the connection drops", () => {
    const { queryClient, done } = recording();
    dispatchDisconnect(queryClient, [blocks, feed, messages]);
    expect(done).toEqual(['invalidate ["posts"]', 'invalidate ["messages"]']);
  });

  it('takes only objects with a type as pushed events', () => {
    expect(isPushedEvent({ type: 'feed_updated', postIds: ['p1'] })).toBe(true);
    for (const value of [null, 'feed_updated', { type: 1 }, {}]) expect(isPushedEvent(value)).toBe(false);
  });
});
