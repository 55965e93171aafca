import { open, mkdir, readFile, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { Logger } from '../../logging/logger.js';
import type { DeliveredEvent, EventBus, EventEnvelope, SubscribeOptions, Subscription } from '../../ports/events.js';
import { claimDirectory } from '../fs/directory-claims.js';
import { dropTornTail, isNotFound, writeFileAtomic } from '../fs/durable-files.js';
import { assertTopicName, envelopeSchema } from './envelope-schema.js';

export interface FileEventLogOptions {
  logger?: Logger;
  /** Wait before the first redelivery of an event whose handler failed; it doubles up to maxRetryDelayMs. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  /** Topics compacted by key, as Kafka's `cleanup.policy=compact`: only the latest event of each key is kept. */
  compactedTopics?: readonly string[];
  /** How often they are compacted (and once more at close). */
  compactionIntervalMs?: number;
}

type Handle = SubscribeOptions['handle'];
type Settings = Required<Omit<FileEventLogOptions, 'logger' | 'compactedTopics' | 'compactionIntervalMs'>> & {
  logger: Logger | undefined;
};

/** Ten minutes: with the document store's own compaction, the bound on how long erased data stays on disk. */
export const COMPACTION_INTERVAL_MS = 10 * 60_000;

/**
 * The embedded event log, with Kafka's semantics in one process. Each topic is an append-only file of JSON lines
 * under `<dataDir>/events/`; an event's offset is its line number. A consumer group's committed offsets live in
 * `<dataDir>/events/offsets/<group>.json`. Within a group each topic is consumed in order by one loop that hands
 * events to the group's members in turn, so per-key order holds and a failing event holds back the later ones.
 * Events are kept in memory (the log has no retention), and new ones are pushed to live consumers at once.
 * Compacted topics keep only the latest event of each key, now and then and at close: the others become empty lines
 * (holes), so offsets keep their meaning and consumers step over them. One process owns the directory.
 */
export class FileEventLog implements EventBus {
  private readonly topics = new Map<string, Promise<TopicLog>>();
  private readonly groups = new Map<string, Promise<ConsumerGroup>>();
  private readonly subscriptions = new Set<LogSubscription>();
  private closed = false;
  private readonly compaction: NodeJS.Timeout | undefined;

  private constructor(
    private readonly directory: string,
    private readonly release: () => void,
    private readonly options: Settings,
    private readonly compactedTopics: readonly string[],
    compactionIntervalMs: number,
  ) {
    if (compactedTopics.length > 0) {
      this.compaction = setInterval(() => {
        this.compact().catch((error: unknown) => options.logger?.error({ err: error }, 'could not compact the log'));
      }, compactionIntervalMs).unref();
    }
  }

  static async open(dataDir: string, options: FileEventLogOptions = {}): Promise<FileEventLog> {
    const directory = join(dataDir, 'events');
    await mkdir(join(directory, 'offsets'), { recursive: true });
    return new FileEventLog(
      directory,
      claimDirectory(directory, 'the embedded event log'),
      {
        logger: options.logger,
        retryDelayMs: options.retryDelayMs ?? 100,
        maxRetryDelayMs: options.maxRetryDelayMs ?? 5000,
      },
      options.compactedTopics ?? [],
      options.compactionIntervalMs ?? COMPACTION_INTERVAL_MS,
    );
  }

  /** Compacts the compacted topics now; answers how many events each lost. */
  async compact(): Promise<Record<string, number>> {
    const dropped: Record<string, number> = {};
    for (const name of this.compactedTopics) dropped[name] = await (await this.topic(name)).compact();
    return dropped;
  }

  async publish(topic: string, events: EventEnvelope[]): Promise<void> {
    this.assertOpen();
    assertTopicName(topic);
    const envelopes = events.map((event) => envelopeSchema.parse(event));
    if (envelopes.length === 0) return;
    await (await this.topic(topic)).append(envelopes);
  }

  async subscribe({ group, topics, handle }: SubscribeOptions): Promise<Subscription> {
    this.assertOpen();
    if (group === '') throw new TypeError('a consumer group needs a name');
    topics.forEach(assertTopicName);
    const consumerGroup = await this.group(group);
    const logs = await Promise.all(topics.map((topic) => this.topic(topic)));
    this.assertOpen();
    const subscription = new LogSubscription(
      handle,
      logs.map((log) => consumerGroup.cursor(log)),
      consumerGroup,
      () => this.subscriptions.delete(subscription),
    );
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    clearInterval(this.compaction);
    await this.compact().catch((error: unknown) => {
      this.options.logger?.error({ err: error }, 'could not compact the log at close');
    });
    this.closed = true;
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    for (const group of await Promise.allSettled(this.groups.values())) {
      if (group.status === 'fulfilled') await group.value.flush();
    }
    for (const topic of await Promise.allSettled(this.topics.values())) {
      if (topic.status === 'fulfilled') await topic.value.close();
    }
    this.release();
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('the event log is closed');
  }

  private topic(name: string): Promise<TopicLog> {
    return memoize(this.topics, name, () =>
      TopicLog.open(join(this.directory, `${name}.log`), name, this.options.logger),
    );
  }

  private group(name: string): Promise<ConsumerGroup> {
    const file = join(this.directory, 'offsets', `${encodeURIComponent(name)}.json`);
    return memoize(this.groups, name, () => ConsumerGroup.open(file, name, this.options));
  }
}

function memoize<T>(cache: Map<string, Promise<T>>, key: string, create: () => Promise<T>): Promise<T> {
  let value = cache.get(key);
  if (!value) {
    value = create();
    cache.set(key, value);
    value.catch(() => cache.delete(key));
  }
  return value;
}

class TopicLog {
  private readonly listeners = new Set<() => void>();
  private writes: Promise<void> = Promise.resolve();

  private constructor(
    readonly name: string,
    /** Offset -> event; a hole where a stored line could not be read, so that later offsets keep their meaning. */
    readonly events: (DeliveredEvent | undefined)[],
    private size: number,
    private file: FileHandle,
    private readonly path: string,
  ) {}

  static async open(path: string, name: string, logger: Logger | undefined): Promise<TopicLog> {
    const { content, droppedBytes } = await dropTornTail(path);
    if (droppedBytes > 0) {
      logger?.warn({ topic: name, droppedBytes }, 'dropped an interrupted write at the end of the log');
    }
    const lines = content.toString('utf8').split('\n').slice(0, -1);
    const events = lines.map((line, offset) => {
      if (line === '') return undefined; // compacted away
      const parsed = envelopeSchema.safeParse(parseJson(line));
      if (parsed.success) return { ...(parsed.data as EventEnvelope), topic: name };
      logger?.error({ topic: name, offset }, 'skipping an unreadable line in the event log');
      return undefined;
    });
    return new TopicLog(name, events, content.length, await open(path, 'a'), path);
  }

  /**
   * Keeps the latest event of each key; the earlier ones become empty lines, in a new file renamed over the old one.
   * Runs between appends. Answers how many events it dropped.
   */
  compact(): Promise<number> {
    const compacted = this.writes.then(() => this.rewriteLatestOnly());
    this.writes = compacted.then(
      () => undefined,
      () => undefined,
    );
    return compacted;
  }

  private async rewriteLatestOnly(): Promise<number> {
    const latest = new Map<string, number>();
    this.events.forEach((event, offset) => event && latest.set(event.key, offset));
    const superseded = this.events.flatMap((event, offset) =>
      event && latest.get(event.key) !== offset ? [offset] : [],
    );
    if (superseded.length === 0) return 0;
    for (const offset of superseded) this.events[offset] = undefined;
    const data = this.events
      .map((event) => {
        if (!event) return '\n';
        const { topic: _topic, ...envelope } = event;
        return `${JSON.stringify(envelope)}\n`;
      })
      .join('');
    await writeFileAtomic(this.path, data);
    await this.file.close();
    this.file = await open(this.path, 'a');
    this.size = Buffer.byteLength(data);
    return superseded.length;
  }

  /** Appends the events in one write, synced before it resolves; appends run one after another in call order. */
  append(envelopes: EventEnvelope[]): Promise<void> {
    const data = envelopes.map((envelope) => `${JSON.stringify(envelope)}\n`).join('');
    const written = this.writes.then(() => this.write(data, envelopes));
    this.writes = written.catch(() => undefined);
    return written;
  }

  onAppend(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    await this.writes;
    await this.file.close();
  }

  private async write(data: string, envelopes: EventEnvelope[]): Promise<void> {
    try {
      await this.file.appendFile(data);
      await this.file.datasync();
    } catch (error) {
      // Cut off whatever part of the write landed, or the next append would continue a broken line.
      await this.file.truncate(this.size).catch(() => undefined);
      throw error;
    }
    this.size += Buffer.byteLength(data);
    for (const envelope of envelopes) this.events.push({ ...envelope, topic: this.name });
    for (const listener of this.listeners) listener();
  }
}

function parseJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

const offsetsSchema = z.record(z.string(), z.number().int().nonnegative());
/** How long a consumer group's commits gather before they are written. */
const OFFSETS_FLUSH_MS = 100;

class ConsumerGroup {
  private readonly cursors = new Map<string, GroupCursor>();
  private writes: Promise<void> = Promise.resolve();
  private dirty = false;
  private scheduled: NodeJS.Timeout | undefined;

  private constructor(
    readonly name: string,
    private readonly file: string,
    private readonly offsets: Record<string, number>,
    private readonly options: Settings,
  ) {}

  static async open(file: string, name: string, options: Settings): Promise<ConsumerGroup> {
    let offsets: Record<string, number> = {};
    try {
      offsets = offsetsSchema.parse(JSON.parse(await readFile(file, 'utf8')));
    } catch (error) {
      if (!isNotFound(error)) {
        throw new Error(`cannot read the offsets of consumer group ${name} in ${file}`, { cause: error });
      }
    }
    return new ConsumerGroup(name, file, offsets, options);
  }

  cursor(log: TopicLog): GroupCursor {
    let cursor = this.cursors.get(log.name);
    if (!cursor) {
      cursor = new GroupCursor(this, log, this.options);
      this.cursors.set(log.name, cursor);
    }
    return cursor;
  }

  committed(topic: string): number {
    return this.offsets[topic] ?? 0;
  }

  /**
   * Commits in memory at once; the file follows within OFFSETS_FLUSH_MS, the commits of that while becoming one
   * write. Each write is a synced file renamed into place: written after every event, a busy log spent the thread
   * pool on them and held its own appends up. A crash forgets at most that while's commits, whose events are
   * delivered again (at least once, as ever).
   */
  commit(topic: string, offset: number): void {
    this.offsets[topic] = offset;
    this.dirty = true;
    this.scheduled ??= setTimeout(() => {
      this.scheduled = undefined;
      void this.flush();
    }, OFFSETS_FLUSH_MS).unref();
  }

  /** Resolves once the file holds every commit made so far. */
  flush(): Promise<void> {
    clearTimeout(this.scheduled);
    this.scheduled = undefined;
    this.writes = this.writes.then(() => this.writeIfDirty());
    return this.writes;
  }

  private async writeIfDirty(): Promise<void> {
    if (!this.dirty) return;
    this.dirty = false;
    try {
      await writeFileAtomic(this.file, JSON.stringify(this.offsets));
    } catch (error) {
      this.dirty = true;
      this.options.logger?.error({ err: error, group: this.name }, 'could not store consumer offsets');
    }
  }
}

class GroupCursor {
  private members: LogSubscription[] = [];
  private turn = 0;
  private running = false;
  /** Set while the loop waits, for an append or a membership change, or through a back-off (only membership ends it). */
  private waiting: { wake: () => void; onAppend: boolean } | undefined;

  constructor(
    private readonly group: ConsumerGroup,
    private readonly log: TopicLog,
    private readonly options: Settings,
  ) {}

  add(member: LogSubscription): void {
    this.members.push(member);
    if (this.running) this.waiting?.wake();
    else void this.run();
  }

  remove(member: LogSubscription): void {
    this.members = this.members.filter((candidate) => candidate !== member);
    this.waiting?.wake();
  }

  private async run(): Promise<void> {
    this.running = true;
    const stopListening = this.log.onAppend(() => {
      if (this.waiting?.onAppend) this.waiting.wake();
    });
    let failures = 0;
    try {
      while (this.members.length > 0) {
        const offset = this.group.committed(this.log.name);
        if (offset >= this.log.events.length) {
          await this.wait(true);
          continue;
        }
        const event = this.log.events[offset];
        const member = this.members[this.turn++ % this.members.length];
        if (!event || !member) {
          this.group.commit(this.log.name, offset + 1);
          continue;
        }
        try {
          await member.deliver(structuredClone(event), () => this.group.commit(this.log.name, offset + 1));
          failures = 0;
        } catch (error) {
          failures += 1;
          const delay = Math.min(this.options.retryDelayMs * 2 ** (failures - 1), this.options.maxRetryDelayMs);
          this.options.logger?.warn(
            { err: error, topic: this.log.name, group: this.group.name, offset, eventId: event.id, failures, delay },
            'event handler failed; redelivering after a back-off',
          );
          await this.wait(false, delay);
        }
      }
    } finally {
      stopListening();
      this.running = false;
    }
  }

  private wait(onAppend: boolean, delayMs?: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = delayMs === undefined ? undefined : setTimeout(() => wake(), delayMs);
      const wake = () => {
        clearTimeout(timer);
        this.waiting = undefined;
        resolve();
      };
      this.waiting = { wake, onAppend };
    });
  }
}

class LogSubscription implements Subscription {
  private readonly inFlight = new Set<Promise<void>>();
  private stopped: Promise<void> | undefined;

  constructor(
    private readonly handle: Handle,
    private readonly cursors: GroupCursor[],
    private readonly group: ConsumerGroup,
    private readonly onStopped: () => void,
  ) {
    for (const cursor of cursors) cursor.add(this);
  }

  /** Runs the handler, then `commit` if it succeeded; stop() waits for both. */
  deliver(event: DeliveredEvent, commit: () => void): Promise<void> {
    const delivery = Promise.resolve(event)
      .then((delivered) => this.handle(delivered))
      .then(commit);
    this.inFlight.add(delivery);
    const forget = () => this.inFlight.delete(delivery);
    delivery.then(forget, forget);
    return delivery;
  }

  /** Takes the subscription out of its group, then waits for the handlers it is running and the offsets they commit. */
  stop(): Promise<void> {
    this.stopped ??= (async () => {
      for (const cursor of this.cursors) cursor.remove(this);
      await Promise.allSettled(this.inFlight);
      await this.group.flush();
      this.onStopped();
    })();
    return this.stopped;
  }
}
