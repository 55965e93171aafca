/** A partition's committed offset as kafkajs answers it: '-1' while the group has committed none. */
export interface CommittedOffset {
  partition: number;
  offset: string;
}

/** A partition's first and next offsets (kafkajs' fetchTopicOffsets: `low` and `high`). */
export interface PartitionEnds {
  partition: number;
  low: string;
  high: string;
}

/**
 * How many events a group has yet to handle on a topic: for each partition, its end against the group's committed
 * offset, or against its first event where the group has committed none (the bus's consumers read from the beginning).
 */
export function eventsBehind(committed: readonly CommittedOffset[], ends: readonly PartitionEnds[]): number {
  const offsets = new Map(committed.map(({ partition, offset }) => [partition, BigInt(offset)]));
  let behind = 0n;
  for (const { partition, low, high } of ends) {
    const offset = offsets.get(partition) ?? -1n;
    const from = offset < BigInt(low) ? BigInt(low) : offset;
    if (BigInt(high) > from) behind += BigInt(high) - from;
  }
  return Number(behind);
}
