/** An event as the log stores it: its offset and its envelope's JSON. */
export interface LogRow {
  seq: number;
  envelope: string;
}

/** An event with the topic it is on, as the tail takes it in. */
export type TopicRow = LogRow & { topic: string };

/**
 * The newest events of the embedded log as this process has seen them (those it published, those its poll found
 * others had), so that the consumers of a process, each woken for every new event of its topic, read them from memory
 * rather than each with a query of its own. It holds every event from its start up to `newest`, with no gap; past
 * `capacity` events it forgets the oldest, and a topic whose events it forgot answers from where it still has them
 * all. A position it cannot answer for is read from the log.
 */
export class LogTail {
  private readonly topics = new Map<string, LogRow[]>();
  /** The topic of each event held, oldest first: which topic's array loses its first row when one is forgotten. */
  private readonly order: string[] = [];
  private orderStart = 0;
  /** Per topic, the offset of its last event forgotten: it has every later one of the topic. */
  private readonly forgotten = new Map<string, number>();

  private through: number;
  /** The log's newest offset when the tail started: it holds nothing up to it. */
  private readonly startedAfter: number;

  constructor(
    newestOffset: number,
    private readonly capacity: number,
  ) {
    this.through = newestOffset;
    this.startedAfter = newestOffset;
  }

  /** The newest offset the tail holds every event up to. */
  get newest(): number {
    return this.through;
  }

  /**
   * Every event of the log past `newest` up to `through` (those `rows`, in order of offset); `through` may be past the
   * last of them where later events were deleted.
   */
  extend(rows: readonly TopicRow[], through: number): void {
    for (const { seq, topic, envelope } of rows) {
      let held = this.topics.get(topic);
      if (!held) this.topics.set(topic, (held = []));
      held.push({ seq, envelope });
      this.order.push(topic);
    }
    this.through = Math.max(through, rows.at(-1)?.seq ?? through);
    while (this.order.length - this.orderStart > this.capacity) this.forgetOldest();
  }

  /**
   * The topic's events past `position` (at most `limit`, oldest first), up to `newest`; undefined where the tail may
   * lack some of them (it started, or forgot the topic's, after `position`).
   */
  read(topic: string, position: number, limit: number): LogRow[] | undefined {
    const start = this.forgotten.get(topic) ?? this.startedAfter;
    if (position < start) return undefined;
    const held = this.topics.get(topic) ?? [];
    let low = 0;
    let high = held.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((held[middle] as LogRow).seq <= position) low = middle + 1;
      else high = middle;
    }
    return held.slice(low, low + limit);
  }

  private forgetOldest(): void {
    const topic = this.order[this.orderStart++] as string;
    const row = this.topics.get(topic)?.shift();
    if (row) this.forgotten.set(topic, row.seq);
    // The consumed front of `order` goes in one splice now and then, not one shift per event.
    if (this.orderStart > this.capacity) {
      this.order.splice(0, this.orderStart);
      this.orderStart = 0;
    }
  }
}
