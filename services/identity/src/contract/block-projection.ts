import { insertOnce, on, type Collection, type DocumentStore, type EventReaction } from '@tip/platform';
import { blockKey, UserBlocked, UserUnblocked } from './events.js';

interface BlockDocument {
  /** blockKey(blocker, blocked): the key identity's events about the pair travel by. */
  _id: string;
  blockerId: string;
  blockedId: string;
}

/** How often a wait for a block to arrive looks again; the event may be handled by another process of the service. */
const AWAIT_POLL_MS = 5;
/**
 * How long a wait for a block lasts at most: far beyond the projection's usual lag (milliseconds on the embedded log,
 * a consumer's fetch on Kafka), short enough that a member never waits long on a stalled consumer.
 */
export const BLOCK_AWAIT_MS = 2_000;

/**
 * Blocks between members as a service that enforces them keeps them: a projection of identity's UserBlocked and
 * UserUnblocked, one document a pair under the events' key. Content, messaging and notifications each open one in
 * their own store and follow identity's topic with `reactions()`; each reaction sets what its event says, so a
 * delivery repeated changes nothing (the pair's events keep their order, being keyed by it). The topic is compacted
 * by key, so a consumer group new to it rebuilds every pair's latest state from its start.
 */
export class BlockProjection {
  private constructor(private readonly blocks: Collection<BlockDocument>) {}

  /**
   * Opens the projection in `collection` of the service's store (a service may prefix its collections' names); not
   * named `blocks`, identity's own, so that a store shared by every service (tests, a small host) keeps them apart.
   */
  static async open(store: DocumentStore, collection = 'blocked_pairs'): Promise<BlockProjection> {
    return new BlockProjection(
      await store.collection<BlockDocument>(collection, [{ fields: { blockerId: 1 } }, { fields: { blockedId: 1 } }]),
    );
  }

  /** Follows identity's block events into this projection (for `followEvents`). */
  reactions(): EventReaction[] {
    return [
      on(UserBlocked, ({ blockerId, blockedId }) => this.add(blockerId, blockedId)),
      on(UserUnblocked, ({ blockerId, blockedId }) => this.remove(blockerId, blockedId)),
    ];
  }

  async add(blockerId: string, blockedId: string): Promise<void> {
    await insertOnce(this.blocks, { _id: blockKey(blockerId, blockedId), blockerId, blockedId });
  }

  async remove(blockerId: string, blockedId: string): Promise<void> {
    await this.blocks.deleteOne({ _id: blockKey(blockerId, blockedId) });
  }

  /** Whether the blocker's block of the blocked member is here. */
  async has(blockerId: string, blockedId: string): Promise<boolean> {
    return (await this.blocks.count({ _id: blockKey(blockerId, blockedId) })) > 0;
  }

  /** Whether either member blocked the other: blocking is mutual. */
  async between(a: string, b: string): Promise<boolean> {
    return (await this.blocks.count({ _id: { $in: [blockKey(a, b), blockKey(b, a)] } })) > 0;
  }

  /** Whoever the member blocked and whoever blocked the member. */
  async hiddenFrom(userId: string): Promise<string[]> {
    const [blocked, blockers] = await Promise.all([
      this.blocks.find({ blockerId: userId }),
      this.blocks.find({ blockedId: userId }),
    ]);
    return [...new Set([...blocked.map((block) => block.blockedId), ...blockers.map((block) => block.blockerId)])];
  }

  /**
   * Waits, at most BLOCK_AWAIT_MS, until the projection holds the pair as identity now says (`blocked` or lifted):
   * the BFF answers a block once the services that enforce it have it. Answers whether it got there.
   */
  async awaitState(pair: { blockerId: string; blockedId: string; blocked: boolean }): Promise<boolean> {
    const deadline = Date.now() + BLOCK_AWAIT_MS;
    for (;;) {
      if ((await this.has(pair.blockerId, pair.blockedId)) === pair.blocked) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, AWAIT_POLL_MS));
    }
  }

  /** Erasure: the member's blocks, made and received, go (identity lifts them too). */
  async forgetMember(userId: string): Promise<void> {
    await this.blocks.deleteMany({ blockerId: userId });
    await this.blocks.deleteMany({ blockedId: userId });
  }
}
