import type { Consumer } from 'kafkajs';
import type { Logger } from '../../logging/logger.js';

/** How often a consumer commits the offsets it has handled: at most this long of events is delivered again. */
export const COMMIT_INTERVAL_MS = 1000;

/**
 * A consumer's handled offsets, committed in the background every COMMIT_INTERVAL_MS rather than after each batch,
 * so that no fetch waits on the group coordinator. One commit is in flight at a time; a failed one (the group
 * rebalancing) is logged and its offsets tried again at the next. A partition this consumer loses in a rebalance has
 * its pending offset dropped, so that it cannot move back the offset its new owner commits.
 */
export class OffsetCommits {
  /** The next offset to read, per `topic` then partition, not yet committed. */
  private readonly pending = new Map<string, Map<number, string>>();
  private committing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly consumer: Consumer,
    private readonly logger?: Logger,
  ) {
    consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => this.keepOnly(payload.memberAssignment));
  }

  start(): void {
    this.timer = setInterval(() => void this.flush(), COMMIT_INTERVAL_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  handled(topic: string, partition: number, offset: string): void {
    const partitions = this.pending.get(topic) ?? new Map<number, string>();
    partitions.set(partition, (BigInt(offset) + 1n).toString());
    this.pending.set(topic, partitions);
  }

  /** Commits what was handled until now (after any commit in flight); never throws. */
  async flush(): Promise<void> {
    while (this.committing) await this.committing;
    const offsets = [...this.pending].flatMap(([topic, partitions]) =>
      [...partitions].map(([partition, offset]) => ({ topic, partition, offset })),
    );
    if (offsets.length === 0) return;
    this.committing = this.consumer
      .commitOffsets(offsets)
      .then(() => offsets.forEach(({ topic, partition, offset }) => this.forget(topic, partition, offset)))
      .catch((error: unknown) => this.logger?.warn({ err: error }, 'committing offsets failed; trying again'))
      .finally(() => (this.committing = undefined));
    await this.committing;
  }

  /** Drops a committed offset unless a later one was handled meanwhile. */
  private forget(topic: string, partition: number, offset: string): void {
    const partitions = this.pending.get(topic);
    if (partitions?.get(partition) === offset) partitions.delete(partition);
  }

  private keepOnly(assignment: Record<string, number[] | undefined>): void {
    for (const [topic, partitions] of this.pending) {
      const owned = new Set(assignment[topic] ?? []);
      for (const partition of partitions.keys()) if (!owned.has(partition)) partitions.delete(partition);
    }
  }
}
