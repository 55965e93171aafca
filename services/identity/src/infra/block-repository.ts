import {
  DomainError,
  DuplicateKeyError,
  outboxIndex,
  withEvents,
  type Collection,
  type DocumentStore,
  type EventEnvelope,
  type IndexSpec,
  type OutboxDocument,
  type EventsStored,
} from '@tip/platform';
import type { BlockReason } from '../domain/index.js';

export const BLOCKS_COLLECTION = 'blocks';

/**
 * One document per ordered pair (blocker, blocked), its `_id` made of both, so a pair is unique by construction and
 * all its events (blocked, unblocked, blocked again) leave in order from one outbox. An unblocked pair stays as a
 * tombstone without reason or date, so that its UserUnblocked still goes out; blocking again revives it.
 */
export interface BlockDocument extends OutboxDocument {
  blockerId: string;
  blockedId: string;
  active: boolean;
  /** While active: the record's id (a new one for every block), its reason and when it was made. */
  recordId?: string;
  reason?: BlockReason;
  blockedAt?: string;
  /** Counts writes: a change applies only to the revision it was decided on. */
  revision: number;
  updatedAt: string;
}

/** An active block. */
export interface Block {
  id: string;
  blockerId: string;
  blockedId: string;
  reason: BlockReason;
  blockedAt: string;
}

const BLOCK_INDEXES: IndexSpec[] = [{ fields: { blockerId: 1 } }, { fields: { blockedId: 1 } }, outboxIndex];
/** A write raced by another on the same pair is decided again, a few times at most. */
const MAX_ATTEMPTS = 5;

/** User ids are uuids; the separator cannot occur in them, and the pair stays readable. */
export const pairId = (blockerId: string, blockedId: string) => `${blockerId}:${blockedId}`;

function toBlock(doc: BlockDocument): Block | null {
  if (!doc.active || !doc.recordId || !doc.reason || !doc.blockedAt) return null;
  return {
    id: doc.recordId,
    blockerId: doc.blockerId,
    blockedId: doc.blockedId,
    reason: doc.reason,
    blockedAt: doc.blockedAt,
  };
}

/**
 * Blocks on the documents port. A write stores its event in the same document write (the outbox) and then wakes
 * the relay with the pair's id.
 */
export class BlockRepository {
  private eventsStored: EventsStored = () => {};

  private constructor(readonly collection: Collection<BlockDocument>) {}

  static async open(store: DocumentStore): Promise<BlockRepository> {
    return new BlockRepository(await store.collection<BlockDocument>(BLOCKS_COLLECTION, BLOCK_INDEXES));
  }

  /** Who to wake after a write that stored events (the outbox relay), with the document that holds them. */
  onEventsStored(notify: EventsStored): void {
    this.eventsStored = notify;
  }

  async find(blockerId: string, blockedId: string): Promise<Block | null> {
    const doc = await this.collection.findOne({ _id: pairId(blockerId, blockedId) });
    return doc && toBlock(doc);
  }

  /** The member's active blocks, newest first. */
  async blockedBy(blockerId: string): Promise<Block[]> {
    const docs = await this.collection.find({ blockerId, active: true }, { sort: { blockedAt: -1 } });
    return docs.flatMap((doc) => toBlock(doc) ?? []);
  }

  /** The active blocks against the member. */
  async blocking(blockedId: string): Promise<Block[]> {
    const docs = await this.collection.find({ blockedId, active: true });
    return docs.flatMap((doc) => toBlock(doc) ?? []);
  }

  /**
   * Stores the block that `create` makes with its events, unless the pair is already blocked: then the first block
   * stays and is returned, and nothing is written.
   */
  async block(
    blockerId: string,
    blockedId: string,
    create: () => { block: Block; events: EventEnvelope[] },
  ): Promise<{ block: Block; created: boolean }> {
    const _id = pairId(blockerId, blockedId);
    for (let attempt = 1; ; attempt += 1) {
      const current = await this.collection.findOne({ _id });
      const existing = current && toBlock(current);
      if (existing) return { block: existing, created: false };
      const { block, events } = create();
      const fields = { recordId: block.id, reason: block.reason, blockedAt: block.blockedAt, active: true };
      const updatedAt = new Date().toISOString();
      let stored: boolean;
      if (!current) {
        try {
          await this.collection.insertOne({
            _id,
            blockerId,
            blockedId,
            ...fields,
            revision: 1,
            updatedAt,
            _outbox: events,
          });
          stored = true;
        } catch (error) {
          if (!(error instanceof DuplicateKeyError)) throw error;
          stored = false;
        }
      } else {
        const update = withEvents({ $set: { ...fields, updatedAt }, $inc: { revision: 1 } }, events);
        stored = (await this.collection.updateOne({ _id, revision: current.revision }, update)) !== null;
      }
      if (stored) {
        this.eventsStored(_id, events);
        return { block, created: true };
      }
      if (attempt >= MAX_ATTEMPTS) throw new DomainError('UNAVAILABLE', 'errors.unavailable');
    }
  }

  /**
   * Lifts the block with the events `lift` makes for it; false, and nothing written, when the pair is not blocked.
   * The tombstone keeps only the pair.
   */
  async unblock(blockerId: string, blockedId: string, lift: (block: Block) => EventEnvelope[]): Promise<boolean> {
    const _id = pairId(blockerId, blockedId);
    for (let attempt = 1; ; attempt += 1) {
      const current = await this.collection.findOne({ _id });
      const block = current && toBlock(current);
      if (!current || !block) return false;
      const events = lift(block);
      const update = withEvents(
        {
          $set: { active: false, updatedAt: new Date().toISOString() },
          $unset: { recordId: true, reason: true, blockedAt: true },
          $inc: { revision: 1 },
        },
        events,
      );
      if (await this.collection.updateOne({ _id, revision: current.revision }, update)) {
        this.eventsStored(_id, events);
        return true;
      }
      if (attempt >= MAX_ATTEMPTS) throw new DomainError('UNAVAILABLE', 'errors.unavailable');
    }
  }
}
