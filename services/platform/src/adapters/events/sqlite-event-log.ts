import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Logger } from '../../logging/logger.js';
import type {
  ConsumerLag,
  DeliveredEvent,
  EventBus,
  EventEnvelope,
  SubscribeOptions,
  Subscription,
} from '../../ports/events.js';
import type { Statement } from 'better-sqlite3';
import {
  CHECKPOINT_INTERVAL_MS,
  openDatabase,
  openDatabaseReadOnly,
  type SqliteDatabase,
} from '../sqlite/open-database.js';
import { checkpointInBackground } from '../sqlite/background-checkpoints.js';
import { assertTopicName, envelopeSchema } from './envelope-schema.js';
import { LogTail, type LogRow, type TopicRow } from './log-tail.js';

export interface SqliteEventLogOptions {
  logger?: Logger;
  /** Wait before the first redelivery of an event whose handler failed; it doubles up to maxRetryDelayMs. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  /** Topics compacted by key, as Kafka's `cleanup.policy=compact`: only the latest event of each key is kept. */
  compactedTopics?: readonly string[];
  /** How often compaction and retention run (and once more at close). */
  compactionIntervalMs?: number;
  /** Events of the other topics older than this are deleted, as Kafka's `retention.ms`. */
  retentionMs?: number;
  /** How long a consumer's claim on a (group, topic) lasts unless renewed (LEASE_MS); renewed every third of it. */
  leaseMs?: number;
}

/** The file under DATA_DIR: one log for every process of the platform. */
export const EVENTS_FILE = 'events.sqlite';
/** Ten minutes: the bound on how long an erased member's superseded events stay on disk. */
export const COMPACTION_INTERVAL_MS = CHECKPOINT_INTERVAL_MS;
/** Seven days, Kafka's default `retention.ms`. */
export const RETENTION_MS = 7 * 24 * 60 * 60_000;
/** Events a consumer reads per query. */
const BATCH = 200;
/** How long a group's commits gather before they are written (a crash redelivers at most these). */
const OFFSETS_FLUSH_MS = 50;
/** How often a process looks for events other processes wrote, while a consumer waits. */
const POLL_MS = 5;
/** The newest events a process keeps for its consumers (LogTail): about a second of a busy platform's. */
const TAIL_EVENTS = 1_000;
/**
 * A consumer's claim on a (group, topic): renewed while it runs, a handler's work included (a video's transcoding
 * takes minutes); another process takes over once it expires.
 */
const LEASE_MS = 30_000;
/** How often a process waiting for another's lease asks again: a holder that stopped cleanly released it. */
const LEASE_ASK_MS = 1_000;

type Settings = {
  logger: Logger | undefined;
  retryDelayMs: number;
  maxRetryDelayMs: number;
  leaseMs: number;
  leaseRenewMs: number;
};

/** Where a consumer group stands on a topic: the offset of the last event it handled. */
export interface CommittedOffset {
  group: string;
  topic: string;
  seq: number;
}

/**
 * The embedded event log on SQLite (`<dataDir>/events.sqlite`, WAL), with Kafka's semantics: topics, per-key order,
 * consumer groups with committed offsets, at-least-once delivery with back-off, compaction by key and time-based
 * retention. An event's offset is its row's sequence number (increasing within a topic, never reused). Events stay
 * on disk; a consumer reads them in batches. Several processes can share the file: within a group, one process at a
 * time consumes a topic (a lease it renews; when its process dies, another takes over within LEASE_MS), handing the
 * events to its local members in turn, so per-key order holds and a failing event holds back the later ones. New
 * events reach consumers in the publishing process at once, and other processes within POLL_MS.
 */
export class SqliteEventLog implements EventBus {
  private readonly cursors = new Map<string, GroupCursor>();
  private readonly subscriptions = new Set<LogSubscription>();
  /** `<pid>:<uuid>`: the processes sharing the file are on this machine, so a lease's holder can be asked if it lives. */
  private readonly owner = `${process.pid}:${randomUUID()}`;
  private closed = false;
  private readonly maintenance: NodeJS.Timeout;
  /** Compaction truncates the WAL; between compactions it is checkpointed off the event loop. */
  private readonly stopBackgroundCheckpoints: () => void;
  private poll: NodeJS.Timeout | undefined;
  /**
   * The newest events, up to the newest this process has seen (published, or found by its poll). Compaction starts it
   * anew: what compaction drops is gone from memory too.
   */
  private tail: LogTail;
  readonly statements: Record<
    | 'insert'
    | 'read'
    | 'newest'
    | 'since'
    | 'committed'
    | 'commit'
    | 'lease'
    | 'holder'
    | 'release'
    | 'compact'
    | 'expire',
    Statement
  >;

  private constructor(
    readonly db: SqliteDatabase,
    private readonly settings: Settings,
    private readonly compactedTopics: readonly string[],
    private readonly retentionMs: number,
    intervalMs: number,
  ) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS events (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        topic TEXT NOT NULL,
        key TEXT NOT NULL,
        published_at INTEGER NOT NULL,
        envelope TEXT NOT NULL
      );
      CREATE INDEX IF NOT EXISTS events_by_topic ON events (topic, seq);
      CREATE INDEX IF NOT EXISTS events_by_key ON events (topic, key, seq);
      CREATE INDEX IF NOT EXISTS events_by_time ON events (published_at);
      CREATE TABLE IF NOT EXISTS offsets (grp TEXT NOT NULL, topic TEXT NOT NULL, seq INTEGER NOT NULL, PRIMARY KEY (grp, topic)) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS leases (grp TEXT NOT NULL, topic TEXT NOT NULL, owner TEXT NOT NULL, expires INTEGER NOT NULL, PRIMARY KEY (grp, topic)) WITHOUT ROWID;
    `);
    this.statements = {
      insert: db.prepare('INSERT INTO events (topic, key, published_at, envelope) VALUES (?, ?, ?, ?)'),
      read: db.prepare('SELECT seq, envelope FROM events WHERE topic = ? AND seq > ? ORDER BY seq LIMIT ?'),
      newest: db.prepare(`SELECT seq FROM sqlite_sequence WHERE name = 'events'`).pluck(),
      since: db.prepare('SELECT seq, topic, envelope FROM events WHERE seq > ? ORDER BY seq LIMIT ?'),
      committed: db.prepare('SELECT seq FROM offsets WHERE grp = ? AND topic = ?').pluck(),
      commit: db.prepare(
        `INSERT INTO offsets (grp, topic, seq) SELECT @group, @topic, @seq WHERE EXISTS
           (SELECT 1 FROM leases WHERE grp = @group AND topic = @topic AND owner = @owner)
         ON CONFLICT (grp, topic) DO UPDATE SET seq = excluded.seq`,
      ),
      lease: db.prepare(
        `INSERT INTO leases (grp, topic, owner, expires) VALUES (@group, @topic, @owner, @expires)
         ON CONFLICT (grp, topic) DO UPDATE SET owner = excluded.owner, expires = excluded.expires
           WHERE leases.owner = excluded.owner OR leases.expires < @now OR leases.owner = @dead`,
      ),
      holder: db.prepare('SELECT owner FROM leases WHERE grp = ? AND topic = ?').pluck(),
      release: db.prepare('DELETE FROM leases WHERE grp = ? AND topic = ? AND owner = ?'),
      compact: db.prepare(
        `DELETE FROM events WHERE topic = @topic AND EXISTS
           (SELECT 1 FROM events AS later WHERE later.topic = @topic AND later.key = events.key AND later.seq > events.seq)`,
      ),
      expire: db.prepare('DELETE FROM events WHERE topic NOT IN (SELECT value FROM json_each(?)) AND published_at < ?'),
    };
    this.tail = new LogTail((this.statements.newest.get() as number | undefined) ?? 0, TAIL_EVENTS);
    this.stopBackgroundCheckpoints = checkpointInBackground(db);
    this.maintenance = setInterval(() => {
      try {
        this.compact();
      } catch (error) {
        settings.logger?.error({ err: error }, 'could not compact the event log');
      }
    }, intervalMs).unref();
  }

  static async open(dataDir: string, options: SqliteEventLogOptions = {}): Promise<SqliteEventLog> {
    const db = openDatabase(join(dataDir, EVENTS_FILE));
    return new SqliteEventLog(
      db,
      {
        logger: options.logger,
        retryDelayMs: options.retryDelayMs ?? 100,
        maxRetryDelayMs: options.maxRetryDelayMs ?? 5000,
        leaseMs: options.leaseMs ?? LEASE_MS,
        leaseRenewMs: (options.leaseMs ?? LEASE_MS) / 3,
      },
      options.compactedTopics ?? [],
      options.retentionMs ?? RETENTION_MS,
      options.compactionIntervalMs ?? COMPACTION_INTERVAL_MS,
    );
  }

  /**
   * Keeps the latest event of each key in the compacted topics and drops the other topics' events past retention,
   * then empties the WAL so that dropped bytes leave the disk; answers how many events each compacted topic lost.
   */
  compact(): Record<string, number> {
    const dropped: Record<string, number> = {};
    this.db.transaction(() => {
      for (const topic of this.compactedTopics) dropped[topic] = this.statements.compact.run({ topic }).changes;
      this.statements.expire.run(JSON.stringify(this.compactedTopics), Date.now() - this.retentionMs);
    })();
    this.tail = new LogTail(this.tail.newest, TAIL_EVENTS);
    this.db.pragma('wal_checkpoint(TRUNCATE)');
    return dropped;
  }

  /** Copies the log, consistent as of one moment, to `file` while it keeps serving (SQLite's online backup). */
  async backup(file: string): Promise<void> {
    await this.db.backup(file);
  }

  /**
   * Every consumer group's committed offsets in the log at `file`, read from a read-only connection of its own while
   * the platform may be running (a backup notes them before it copies the stores that consumers write).
   */
  static committedOffsets(file: string): CommittedOffset[] {
    const db = openDatabaseReadOnly(file);
    try {
      return db.prepare('SELECT grp AS "group", topic, seq FROM offsets').all() as CommittedOffset[];
    } finally {
      db.close();
    }
  }

  /**
   * Readies the log at `file`, a copy of a running one, for a platform to start on. Every consumer group goes back to
   * `offsets` (offsets only grow, so these are at most the copy's): the events handled since are delivered again, and
   * idempotent handlers skip those whose effects the copy holds. A group not in `offsets` reads its topics from the
   * start. No lease is kept: their holders run on the original, and a start on the copy would wait for them to expire.
   */
  static rewindCopy(file: string, offsets: readonly CommittedOffset[]): void {
    const db = openDatabase(file);
    try {
      const insert = db.prepare('INSERT INTO offsets (grp, topic, seq) VALUES (@group, @topic, @seq)');
      db.transaction(() => {
        db.exec('DELETE FROM offsets; DELETE FROM leases');
        for (const offset of offsets) insert.run(offset);
      })();
    } finally {
      db.close();
    }
  }

  async publish(topic: string, events: EventEnvelope[]): Promise<void> {
    this.assertOpen();
    assertTopicName(topic);
    const envelopes = events.map((event) => envelopeSchema.parse(event) as EventEnvelope);
    if (envelopes.length === 0) return;
    const now = Date.now();
    const rows = this.db.transaction(() =>
      envelopes.map((envelope) => {
        const json = JSON.stringify(envelope);
        const { lastInsertRowid } = this.statements.insert.run(topic, envelope.key, now, json);
        return { seq: Number(lastInsertRowid), topic, envelope: json };
      }),
    )();
    // The tail takes these (and the poll need not wake anyone for them: their topic's cursors are woken here), unless
    // another process wrote events since this one last looked: the poll finds those and these together, in order.
    if (this.tail.newest === (rows[0]?.seq ?? 0) - 1) this.tail.extend(rows, this.tail.newest);
    for (const cursor of this.cursors.values()) if (cursor.topic === topic) cursor.wake();
  }

  async subscribe({ group, topics, handle }: SubscribeOptions): Promise<Subscription> {
    this.assertOpen();
    if (group === '') throw new TypeError('a consumer group needs a name');
    topics.forEach(assertTopicName);
    const subscription = new LogSubscription(
      handle,
      topics.map((topic) => this.cursor(group, topic)),
      () => this.subscriptions.delete(subscription),
    );
    this.subscriptions.add(subscription);
    return subscription;
  }

  /**
   * How many events each consumer group of this process has not committed yet, per topic: what it still has to
   * handle (its committed offset, against the topic's newest event).
   */
  async lag(): Promise<ConsumerLag[]> {
    if (this.closed) return [];
    const behind = this.db.prepare('SELECT COUNT(*) FROM events WHERE topic = ? AND seq > ?').pluck();
    return [...this.cursors.values()].map(({ group, topic }) => {
      const committed = (this.statements.committed.get(group, topic) as number | undefined) ?? 0;
      return { group, topic, events: Number(behind.get(topic, committed)) };
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.maintenance);
    clearInterval(this.poll);
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    this.stopBackgroundCheckpoints();
    try {
      this.compact();
    } catch (error) {
      this.settings.logger?.error({ err: error }, 'could not compact the event log at close');
    }
    this.db.close();
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('the event log is closed');
  }

  private cursor(group: string, topic: string): GroupCursor {
    const name = `${group}\u0000${topic}`;
    let cursor = this.cursors.get(name);
    if (!cursor) {
      cursor = new GroupCursor(this, group, topic, this.owner, this.settings, () => this.watch());
      this.cursors.set(name, cursor);
    }
    return cursor;
  }

  /**
   * Starts looking for other processes' events while some consumer waits for them: the poll reads them once into the
   * tail, and wakes only the cursors of the topics that have some.
   */
  private watch(): void {
    this.poll ??= setInterval(() => {
      const newest = (this.statements.newest.get() as number | undefined) ?? 0;
      if (newest === this.tail.newest) return;
      const rows = this.statements.since.all(this.tail.newest, TAIL_EVENTS) as TopicRow[];
      if (rows.length === TAIL_EVENTS) {
        // More than the tail holds (the poll started late): it starts anew past them, and every consumer reads the log.
        this.tail = new LogTail(Math.max(newest, rows.at(-1)?.seq ?? 0), TAIL_EVENTS);
        for (const cursor of this.cursors.values()) cursor.wake();
        return;
      }
      this.tail.extend(rows, newest);
      const topics = new Set(rows.map((row) => row.topic));
      for (const cursor of this.cursors.values()) if (topics.has(cursor.topic)) cursor.wake();
    }, POLL_MS).unref();
  }

  /** The topic's events past `position`, at most `limit`: from the tail where it has them all, else from the log. */
  read(topic: string, position: number, limit: number): LogRow[] {
    return this.tail.read(topic, position, limit) ?? (this.statements.read.all(topic, position, limit) as LogRow[]);
  }
}

/** One group's consumption of one topic in this process: the lease, the position, the loop. */
class GroupCursor {
  private members: LogSubscription[] = [];
  private turn = 0;
  private running = false;
  private position = 0;
  private flushed = 0;
  private flushTimer: NodeJS.Timeout | undefined;
  private leaseRenewed = 0;
  /**
   * Whether the log may hold events past the last read: set by a wake, a full batch, a lease taken or a wait's end,
   * so that a cursor that has read to the end does not read again after each batch only to find nothing.
   */
  private maybeMore = true;
  /** Set while the loop waits for an event or a member, or through a back-off (only membership ends that). */
  private waiting: { wake: () => void; forEvents: boolean } | undefined;

  constructor(
    private readonly log: SqliteEventLog,
    readonly group: string,
    readonly topic: string,
    private readonly owner: string,
    private readonly settings: Settings,
    private readonly watch: () => void,
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

  /** New events may be there. */
  wake(): void {
    this.maybeMore = true;
    if (this.waiting?.forEvents) this.waiting.wake();
  }

  /** Writes the position now, if it moved; a no-op for a cursor that lost its lease. */
  flush(): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    if (this.position === this.flushed) return;
    this.log.statements.commit.run({ group: this.group, topic: this.topic, seq: this.position, owner: this.owner });
    this.flushed = this.position;
  }

  private commit(seq: number): void {
    this.position = seq;
    this.flushTimer ??= setTimeout(() => {
      try {
        this.flush();
      } catch (error) {
        this.settings.logger?.error({ err: error, group: this.group }, 'could not store consumer offsets');
      }
    }, OFFSETS_FLUSH_MS).unref();
  }

  private async run(): Promise<void> {
    this.running = true;
    let failures = 0;
    let batch: LogRow[] = [];
    try {
      while (this.members.length > 0) {
        if (!this.holdLease()) {
          batch = [];
          await this.wait(false, LEASE_ASK_MS);
          continue;
        }
        if (batch.length === 0) {
          if (!this.maybeMore) {
            this.watch();
            await this.wait(true, this.settings.leaseRenewMs);
            this.maybeMore = true;
            continue;
          }
          batch = this.log.read(this.topic, this.position, BATCH);
          this.maybeMore = batch.length === BATCH;
          if (batch.length === 0) continue;
        }
        const [next] = batch;
        const member = this.members[this.turn++ % this.members.length];
        if (!next || !member) continue;
        const event = this.parse(next);
        if (!event) {
          batch.shift();
          this.commit(next.seq);
          continue;
        }
        // Renewed while the handler runs too: a handler longer than the lease would otherwise see another process
        // take the topic over and handle the same event beside it.
        const renewing = setInterval(() => this.renewWhileHandling(), this.settings.leaseRenewMs);
        try {
          await member.deliver(event, () => this.commit(next.seq));
          batch.shift();
          failures = 0;
        } catch (error) {
          failures += 1;
          const delay = Math.min(this.settings.retryDelayMs * 2 ** (failures - 1), this.settings.maxRetryDelayMs);
          this.settings.logger?.warn(
            { err: error, topic: this.topic, group: this.group, offset: next.seq, eventId: event.id, failures, delay },
            'event handler failed; redelivering after a back-off',
          );
          await this.wait(false, delay);
        } finally {
          clearInterval(renewing);
        }
      }
    } finally {
      // Let another process take the topic over at once; the log may already be closed (it flushed then).
      if (this.log.db.open) {
        this.flush();
        this.log.statements.release.run(this.group, this.topic, this.owner);
      }
      this.leaseRenewed = 0;
      this.running = false;
    }
  }

  private renewWhileHandling(): void {
    try {
      if (this.log.db.open) this.holdLease();
    } catch (error) {
      this.settings.logger?.error({ err: error, group: this.group, topic: this.topic }, 'could not renew a lease');
    }
  }

  /**
   * Takes or renews this process's lease on the (group, topic); on taking it, reads the committed position. Renews
   * at most every third of the lease, so a busy consumer does not write for every event.
   */
  private holdLease(): boolean {
    const now = Date.now();
    if (now - this.leaseRenewed < this.settings.leaseRenewMs) return true;
    const { statements } = this.log;
    const held = this.log.db
      .transaction(() => {
        // A holder whose process is gone (killed: it could not release) leaves its lease at once, not when it expires.
        const holder = statements.holder.get(this.group, this.topic) as string | undefined;
        const dead = holder !== undefined && holder !== this.owner && !processLives(holder) ? holder : null;
        // The upsert changes the row only where this process may hold the lease.
        return (
          statements.lease.run({
            group: this.group,
            topic: this.topic,
            owner: this.owner,
            expires: now + this.settings.leaseMs,
            now,
            dead,
          }).changes === 1
        );
        // IMMEDIATE: it reads before it writes, and a read transaction that then wants to write while another process
        // writes fails at once with SQLITE_BUSY; taking the write lock first waits for it (the busy timeout).
      })
      .immediate();
    if (!held) {
      this.leaseRenewed = 0;
      return false;
    }
    if (this.leaseRenewed === 0) {
      this.position = (statements.committed.get(this.group, this.topic) as number | undefined) ?? 0;
      this.flushed = this.position;
      this.maybeMore = true;
    }
    this.leaseRenewed = now;
    return true;
  }

  private parse(row: { seq: number; envelope: string }): DeliveredEvent | undefined {
    try {
      return { ...(envelopeSchema.parse(JSON.parse(row.envelope)) as EventEnvelope), topic: this.topic };
    } catch (error) {
      this.settings.logger?.error({ err: error, topic: this.topic, offset: row.seq }, 'skipping an unreadable event');
      return undefined;
    }
  }

  private wait(forEvents: boolean, delayMs: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => wake(), delayMs);
      const wake = () => {
        clearTimeout(timer);
        this.waiting = undefined;
        resolve();
      };
      this.waiting = { wake, forEvents };
    });
  }
}

/** Whether the process named by a lease's owner (`<pid>:<uuid>`) still runs on this machine. */
function processLives(owner: string): boolean {
  const pid = Number(owner.slice(0, owner.indexOf(':')));
  if (!Number.isInteger(pid) || pid <= 0) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

class LogSubscription implements Subscription {
  private readonly inFlight = new Set<Promise<void>>();
  private stopped: Promise<void> | undefined;

  constructor(
    private readonly handle: SubscribeOptions['handle'],
    private readonly cursors: GroupCursor[],
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

  /** Takes the subscription out of its groups, then waits for the handlers it is running and their commits. */
  stop(): Promise<void> {
    this.stopped ??= (async () => {
      for (const cursor of this.cursors) cursor.remove(this);
      await Promise.allSettled(this.inFlight);
      for (const cursor of this.cursors) cursor.flush();
      this.onStopped();
    })();
    return this.stopped;
  }
}
