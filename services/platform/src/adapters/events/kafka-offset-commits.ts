import type { Logger } from '../../logging/logger.js';

/** How often a consumer commits the offsets it has handled: at most this long of events is delivered again. */
export const COMMIT_INTERVAL_MS = 1000;

/** A partition's next offset to read, as a group commits it. */
export interface PartitionOffset {
  topic: string;
  partition: number;
  offset: bigint;
}

/** Commits offsets for the consumer's group (the client's own call); rejects when the group refuses them. */
export type CommitOffsets = (offsets: PartitionOffset[]) => Promise<void>;

/**
 * A consumer's handled offsets, committed in the background every COMMIT_INTERVAL_MS rather than after each batch,
 * so that no fetch waits on the group coordinator. One commit is in flight at a time; a failed one (the group
 * rebalancing) is logged and its offsets tried again at the next. A partition this consumer loses in a rebalance has
 * its pending offset dropped (`keepOnly`), so that it cannot move back the offset its new owner commits.
 */
export class OffsetCommits {
  /** The next offset to read, per `topic` then partition, not yet committed. */
  private readonly pending = new Map<string, Map<number, bigint>>();
  private committing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly commit: CommitOffsets,
    private readonly logger?: Logger,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.flush(), COMMIT_INTERVAL_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  handled(topic: string, partition: number, offset: bigint): void {
    const partitions = this.pending.get(topic) ?? new Map<number, bigint>();
    partitions.set(partition, offset + 1n);
    this.pending.set(topic, partitions);
  }

  /** Commits what was handled until now (after any commit in flight); never throws. */
  async flush(): Promise<void> {
    while (this.committing) await this.committing;
    const offsets = [...this.pending].flatMap(([topic, partitions]) =>
      [...partitions].map(([partition, offset]) => ({ topic, partition, offset })),
    );
    if (offsets.length === 0) return;
    this.committing = this.commit(offsets)
      .then(() => offsets.forEach(({ topic, partition, offset }) => this.forget(topic, partition, offset)))
      .catch((error: unknown) => this.logger?.warn({ err: error }, 'committing offsets failed; trying again'))
      .finally(() => (this.committing = undefined));
    await this.committing;
  }

  /** After a rebalance: drops the pending offsets of the partitions this consumer no longer owns. */
  keepOnly(assignment: Record<string, readonly number[] | undefined>): void {
    for (const [topic, partitions] of this.pending) {
      const owned = new Set(assignment[topic] ?? []);
      for (const partition of partitions.keys()) if (!owned.has(partition)) partitions.delete(partition);
    }
  }

  /** Drops a committed offset unless a later one was handled meanwhile. */
  private forget(topic: string, partition: number, offset: bigint): void {
    const partitions = this.pending.get(topic);
    if (partitions?.get(partition) === offset) partitions.delete(partition);
  }
}
