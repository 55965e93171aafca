import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { PushEvent } from '../contract/index.js';
import { FeedNews } from './feed-news.js';

describe('feed news', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  /** The news told, and what tells it, on a window of 1 s of fake time. */
  function telling() {
    jest.useFakeTimers();
    const told: PushEvent[] = [];
    const news = new FeedNews({ toFeedHere: (event) => told.push(event) }, 1000);
    return { told, news };
  }

  it('tells a lone change at once', () => {
    const { told, news } = telling();
    news.changed('p1');
    expect(told).toEqual([{ type: 'feed_updated', postIds: ['p1'] }]);
    news.stop();
  });

  it('tells the changes within a window together at its end, each post once, then waits for news again', () => {
    const { told, news } = telling();
    news.changed('p1');
    for (const postId of ['p2', 'p3', 'p2']) news.changed(postId);
    jest.advanceTimersByTime(999);
    expect(told).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(told).toEqual([
      { type: 'feed_updated', postIds: ['p1'] },
      { type: 'feed_updated', postIds: ['p2', 'p3'] },
    ]);
    // A window with nothing in it closes: the next change is told at once.
    jest.advanceTimersByTime(1000);
    news.changed('p4');
    expect(told.at(-1)).toEqual({ type: 'feed_updated', postIds: ['p4'] });
    expect(told).toHaveLength(3);
    news.stop();
  });

  it('bounds the news to one a window however fast posts change', () => {
    const { told, news } = telling();
    for (let ms = 0; ms < 10_000; ms += 5) {
      news.changed(`p${ms % 7}`);
      jest.advanceTimersByTime(5);
    }
    expect(told.length).toBeLessThanOrEqual(11);
    expect(new Set(told.flatMap((event) => (event.type === 'feed_updated' ? event.postIds : [])))).toEqual(
      new Set(['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6']),
    );
    news.stop();
  });

  it('tells nothing more once stopped', () => {
    const { told, news } = telling();
    news.changed('p1');
    news.changed('p2');
    news.stop();
    jest.advanceTimersByTime(5000);
    expect(told).toHaveLength(1);
  });
});
