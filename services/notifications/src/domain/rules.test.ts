import { describe, expect, it } from '@jest/globals';
import { HANDLED_EVENTS_KEPT_MS } from '@tip/platform';
import { gather, groupKey, isNews, NOTIFY_WITHIN_MS, withoutActor, withoutItem, type Gathered } from './index.js';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute)).toISOString();

describe('the grouping rule', () => {
  it('joins an event to the one unread entry of its member, kind and subject; a decision or a payment stands alone', () => {
    expect(groupKey('anna', 'post_liked', 'p1')).toBe('anna|post_liked|p1');
    expect(groupKey('anna', 'post_liked', 'p2')).not.toBe(groupKey('anna', 'post_liked', 'p1'));
    expect(groupKey('anna', 'post_commented', 'p1')).not.toBe(groupKey('anna', 'post_liked', 'p1'));
    expect(groupKey('bruno', 'post_liked', 'p1')).not.toBe(groupKey('anna', 'post_liked', 'p1'));
    expect(groupKey('anna', 'message_received', 'a:b')).toBe('anna|message_received|a:b');
    expect(groupKey('admin', 'reports_filed', 'reports')).toBe('admin|reports_filed|reports');
    for (const kind of ['post_approved', 'verification_rejected', 'credits_granted', 'premium_purchased'] as const)
      expect(groupKey('anna', kind, 'p1')).toBeNull();
  });

  it('starts an entry with the first event, and moves the latest actor to the front, each actor once', () => {
    const first = gather(null, { kind: 'post_liked', actorId: 'marco', at: at(1) });
    expect(first).toEqual({ actors: ['marco'], count: 1, updatedAt: at(1) });
    const second = gather(first, { kind: 'post_liked', actorId: 'luca', at: at(2) });
    expect(second).toEqual({ actors: ['luca', 'marco'], count: 2, updatedAt: at(2) });
    // Marco again (he took his like back and gave it again): first, and still counted once.
    const again = gather(second, { kind: 'post_liked', actorId: 'marco', at: at(3) });
    expect(again).toEqual({ actors: ['marco', 'luca'], count: 2, updatedAt: at(3) });
  });

  it('counts the events of a counted kind: every message of a conversation', () => {
    let messages: Gathered | null = null;
    for (const minute of [1, 2, 3])
      messages = gather(messages, { kind: 'message_received', actorId: 'marco', at: at(minute) });
    expect(messages).toEqual({ actors: ['marco'], count: 3, updatedAt: at(3) });
  });

  it('counts what waits in an admin queue, each item once, naming no one', () => {
    let reports: Gathered | null = null;
    for (const [minute, post] of [
      [1, 'p1'],
      [2, 'p2'],
      [3, 'p1'],
    ] as const)
      reports = gather(reports, { kind: 'reports_filed', actorId: null, item: post, at: at(minute) });
    expect(reports).toEqual({ actors: [], count: 2, items: ['p1', 'p2'], updatedAt: at(3) });
  });

  it('takes out an item no longer waiting, the entry in its place, and drops a summary left with none', () => {
    const waiting: Gathered = { actors: [], count: 3, items: ['anna', 'bruno', 'carla'], updatedAt: at(5) };
    expect(withoutItem(waiting, 'bruno')).toEqual({
      actors: [],
      count: 2,
      items: ['anna', 'carla'],
      updatedAt: at(5),
    });
    expect(withoutItem(waiting, 'nobody')).toBe(waiting);
    expect(withoutItem({ actors: [], count: 1, items: ['anna'], updatedAt: at(5) }, 'anna')).toBeNull();
  });

  it('takes an actor out keeping the others in order and the entry in its place, and drops an entry left without any', () => {
    const likes: Gathered = { actors: ['marco', 'luca', 'sara'], count: 3, updatedAt: at(5) };
    expect(withoutActor(likes, 'post_liked', 'luca')).toEqual({
      actors: ['marco', 'sara'],
      count: 2,
      updatedAt: at(5),
    });
    expect(withoutActor(likes, 'post_liked', 'nobody')).toBe(likes);
    expect(withoutActor({ actors: ['marco'], count: 1, updatedAt: at(5) }, 'post_liked', 'marco')).toBeNull();
    expect(withoutActor({ actors: ['marco'], count: 4, updatedAt: at(5) }, 'message_received', 'marco')).toBeNull();
    // A summary names no one: nobody taken out ends it.
    const summary: Gathered = { actors: [], count: 2, updatedAt: at(5) };
    expect(withoutActor(summary, 'verifications_waiting', 'marco')).toBe(summary);
  });
});

describe('what is news', () => {
  it('is what happened within the week a consumer group remembers the events it handled', () => {
    expect(NOTIFY_WITHIN_MS).toBe(HANDLED_EVENTS_KEPT_MS);
    const now = new Date('2026-03-10T12:00:00.000Z');
    expect(isNews('2026-03-10T11:59:00.000Z', now)).toBe(true);
    expect(isNews('2026-03-03T12:00:00.000Z', now)).toBe(true);
    expect(isNews('2026-03-03T11:59:59.999Z', now)).toBe(false);
  });
});
