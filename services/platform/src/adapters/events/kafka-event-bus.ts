// kafkajs has had no release since 2023: this file is the only one that knows it, so that a maintained client
// (@confluentinc/kafka-javascript offers the same API) can replace it here alone.
import { Kafka, logLevel, Partitioners, type Admin, type Consumer, type KafkaMessage, type Producer } from 'kafkajs';
import type { Logger } from '../../logging/logger.js';
import type { ConsumerLag, EventBus, EventEnvelope, SubscribeOptions, Subscription } from '../../ports/events.js';
import { assertTopicName, envelopeSchema } from './envelope-schema.js';
import { eventsBehind } from './kafka-consumer-lag.js';
import { logKafkaEntry } from './kafka-logging.js';
import { OffsetCommits } from './kafka-offset-commits.js';
import { PublishBatches, type TopicRecords } from './kafka-publish-batches.js';
import type { KafkaSecurity } from './kafka-security.js';
import { mendKafkajsIdleLoop } from './kafkajs-idle-loop.js';

mendKafkajsIdleLoop();

/** How often a consumer tells its group it lives while one handler runs (its session ends after SESSION_TIMEOUT_MS). */
const HEARTBEAT_DURING_HANDLER_MS = 3000;
/**
 * How long a broker may hold a fetch that finds nothing new (the Java client's fetch.max.wait.ms; kafkajs's default is
 * 5 s). A consumer's stop waits for its fetch in flight, so kafkajs's 5 s held a SIGTERMed process that long for each
 * consumer it stopped; a new event still ends the wait at once.
 */
const FETCH_MAX_WAIT_MS = 500;
/**
 * How long the group coordinator keeps a member that has stopped heartbeating (kafkajs's default is 30 s). A consumer
 * that crashed without leaving (its coordinator's broker was killed) comes back as a new member, and the group's
 * rebalance waits for the old one to expire: with 30 s its partitions stood still that long after a broker's death.
 * Handlers heartbeat while they run (HEARTBEAT_DURING_HANDLER_MS), so only a process stuck that long is dropped.
 */
const SESSION_TIMEOUT_MS = 10_000;
/**
 * The consumer's own retries, from `retryDelayMs` doubling up to 2 s: about 13 s in all from 100 ms, longer than a
 * Kafka cluster takes to fence a killed broker and elect its partitions' and groups' new leaders (KRaft's broker
 * session is 9 s), so that a consumer rides out a broker's death instead of crashing and rejoining as a new member.
 */
const CONSUMER_RETRY = { retries: 10, maxRetryTime: 2000 };

export interface KafkaEventBusOptions {
  brokers: string[];
  clientId: string;
  logger?: Logger;
  /** First wait before kafkajs delivers a failed event again (it backs off from there). */
  retryDelayMs?: number;
  /** TLS and SASL, for a secured cluster (KAFKA_TLS*, KAFKA_SASL_*). */
  security?: KafkaSecurity;
  /** Topics compacted by key (COMPACTED_TOPICS): the bus creates them so when it is the first to touch them. */
  compactedTopics?: readonly string[];
}

/**
 * A compacted topic's settings, as deploy/k8s/base/kafka-topics.sh gives them: only each key's latest event is kept,
 * and segments roll and are cleaned within 10 minutes, so an erased member's earlier events are gone within about 20.
 */
const COMPACTION = {
  'cleanup.policy': 'compact',
  'segment.ms': '600000',
  'max.compaction.lag.ms': '600000',
  'min.cleanable.dirty.ratio': '0.01',
};

/** Tries at creating a topic before a publish or subscription fails (0.1 s, then 0.2 s... apart: 4.5 s in all). */
const TOPIC_ATTEMPTS = 10;
/** Tries at starting a consumer (0.2 s, then 0.4 s... up to 2 s apart: about 15 s in all). */
const START_ATTEMPTS = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A handler's failure, whatever it threw. kafkajs tries a failed batch again and restarts the consumer after its
 * retries, except when the error is a TypeError, RangeError, ReferenceError or SyntaxError: then the consumer leaves
 * its group for good while the process runs on. A handler's bug, or a driver's on an answer it did not expect (a
 * database going away), must not end a group's delivery: it is tried again as any other failure.
 */
class HandlerFailed extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause), { cause });
    this.name = 'HandlerFailed';
    // kafkajs logs the stack it is given: the handler's, which says where it failed.
    if (cause instanceof Error && cause.stack) this.stack = cause.stack;
  }
}

/**
 * Kafka: a topic per name, the envelope's key as the message key (so one aggregate's events share a partition and
 * stay ordered), the JSON envelope as the value. Each subscription is a consumer in its group that takes a
 * partition's events a batch (one fetch) at a time and handles them in order. What was handled is committed in the
 * background every second (OffsetCommits), not awaited after each batch as kafkajs does: that round trip
 * to the group coordinator held the next fetch and set the tail of publish-to-handler latency. A handler that throws
 * stops its batch there; what was handled before it is committed, awaited, and kafkajs fetches the failed event again
 * after its retry back-off. Delivery stays at least once: a consumer that dies or loses a partition before its next
 * commit leaves at most an interval's events to be handled again, which handlers already take (events are
 * redelivered by design).
 *
 * The producer is idempotent (the broker drops a retried send it already has, so a retry neither doubles nor
 * reorders an event) with acks from every in-sync replica, one send in flight at a time (PublishBatches).
 */
export class KafkaEventBus implements EventBus {
  private readonly createdTopics = new Map<string, Promise<void>>();
  private readonly consumers = new Map<Consumer, { commits: OffsetCommits; group: string; topics: string[] }>();
  private readonly batches: PublishBatches;
  /** Whether the last send failed, which leaves `producer` unusable (see send). */
  private producerFailed = false;
  private closed = false;

  private constructor(
    private readonly kafka: Kafka,
    private producer: Producer,
    private readonly admin: Admin,
    private readonly options: KafkaEventBusOptions,
  ) {
    this.batches = new PublishBatches((topicMessages) => this.send(topicMessages));
  }

  static async connect(options: KafkaEventBusOptions): Promise<KafkaEventBus> {
    const { tls, sasl } = options.security ?? {};
    const kafka = new Kafka({
      clientId: options.clientId,
      brokers: options.brokers,
      ...(tls ? { ssl: tls.ca ? { ca: [tls.ca] } : true } : {}),
      ...(sasl ? { sasl } : {}),
      logLevel: logLevel.WARN,
      logCreator: () => (entry) => logKafkaEntry(options.logger, entry),
    });
    const producer = idempotentProducer(kafka);
    const admin = kafka.admin();
    await producer.connect();
    await admin.connect();
    return new KafkaEventBus(kafka, producer, admin, options);
  }

  async publish(topic: string, events: EventEnvelope[]): Promise<void> {
    this.assertOpen();
    assertTopicName(topic);
    const envelopes = events.map((event) => envelopeSchema.parse(event));
    if (envelopes.length === 0) return;
    await this.ensureTopic(topic);
    const messages = envelopes.map((envelope) => ({ key: envelope.key, value: JSON.stringify(envelope) }));
    await this.batches.publish(topic, messages);
  }

  /**
   * One request to the brokers. kafkajs moves an idempotent producer's sequence numbers past a send that failed
   * (tulios/kafkajs#598), so that after a broker's death the new leader refused every later send as out of order, for
   * good. The send after a failure goes through a new producer (a new producer id, its sequences from 0): a failed
   * send the broker did store is stored twice then, which consumers take (delivery is at least once).
   */
  private async send(topicMessages: TopicRecords): Promise<void> {
    if (this.producerFailed) {
      const fresh = idempotentProducer(this.kafka);
      await fresh.connect();
      const failed = this.producer;
      this.producer = fresh;
      this.producerFailed = false;
      void failed.disconnect().catch(() => undefined);
    }
    try {
      await this.producer.sendBatch({ acks: -1, topicMessages });
    } catch (error) {
      this.producerFailed = true;
      throw error;
    }
  }

  async subscribe({ group, topics, handle }: SubscribeOptions): Promise<Subscription> {
    this.assertOpen();
    topics.forEach(assertTopicName);
    await Promise.all(topics.map((topic) => this.ensureTopic(topic)));
    const { consumer, commits } = await this.startConsumer(group, topics, handle);
    this.consumers.set(consumer, { commits, group, topics });
    return {
      stop: async () => {
        if (!this.consumers.delete(consumer)) return;
        await stopConsumer(consumer, commits);
      },
    };
  }

  /**
   * A consumer that has joined its group and runs. Its start may meet a broker still settling a topic another process
   * has just created, or the group coordinator's own topic on a new cluster (a platform's first start): kafkajs marks
   * those errors retriable, and they pass within seconds, so the start is tried again rather than failing the process.
   */
  private async startConsumer(group: string, topics: string[], handle: SubscribeOptions['handle']) {
    for (let attempt = 1; ; attempt += 1) {
      const consumer = this.kafka.consumer({
        groupId: group,
        maxWaitTimeInMs: FETCH_MAX_WAIT_MS,
        sessionTimeout: SESSION_TIMEOUT_MS,
        // After its own retries kafkajs restarts the consumer instead of giving up: delivery is at least once.
        retry: {
          ...CONSUMER_RETRY,
          initialRetryTime: this.options.retryDelayMs ?? 100,
          restartOnFailure: async () => true,
        },
      });
      const commits = new OffsetCommits(
        (offsets) =>
          consumer.commitOffsets(offsets.map(({ offset, ...partition }) => ({ ...partition, offset: `${offset}` }))),
        this.options.logger,
      );
      consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => commits.keepOnly(payload.memberAssignment));
      try {
        await consumer.connect();
        await consumer.subscribe({ topics, fromBeginning: true });
        await this.run(consumer, commits, handle);
        commits.start();
        return { consumer, commits };
      } catch (error) {
        await consumer.disconnect().catch(() => undefined);
        if (!isRetriable(error) || attempt === START_ATTEMPTS) throw error;
        this.options.logger?.warn({ group, topics, attempt, err: error }, 'starting a consumer again');
        await sleep(Math.min(100 * 2 ** attempt, 2000));
      }
    }
  }

  private run(consumer: Consumer, commits: OffsetCommits, handle: SubscribeOptions['handle']): Promise<void> {
    return consumer.run({
      // kafkajs would await a commit after every batch; OffsetCommits commits in the background instead.
      autoCommit: false,
      eachBatchAutoResolve: false,
      eachBatch: async ({ batch, resolveOffset, heartbeat, isRunning, isStale }) => {
        for (const message of batch.messages) {
          // A batch cut short (a rebalance, a stop, a seek) leaves the rest to be fetched again.
          if (!isRunning() || isStale()) return;
          // A handler may take minutes (the media worker transcoding a video): the group hears from this consumer
          // meanwhile, or it would hand the partition to another, which would handle the same event again.
          const beating = setInterval(() => void heartbeat().catch(() => undefined), HEARTBEAT_DURING_HANDLER_MS);
          try {
            await this.deliver(batch.topic, batch.partition, message, handle);
          } catch (error) {
            // The consumer restarts from the committed offset: what was handled before this event must be in it.
            await commits.flush();
            throw new HandlerFailed(error);
          } finally {
            clearInterval(beating);
          }
          // Resolving moves this consumer's fetch past the event; the commit follows within a second.
          resolveOffset(message.offset);
          commits.handled(batch.topic, batch.partition, BigInt(message.offset));
          // A long batch must not make the group think this consumer died.
          await heartbeat();
        }
      },
    });
  }

  private async deliver(
    topic: string,
    partition: number,
    message: KafkaMessage,
    handle: SubscribeOptions['handle'],
  ): Promise<void> {
    const parsed = envelopeSchema.safeParse(message.value ? parseJson(message.value.toString('utf8')) : undefined);
    if (parsed.success) {
      await handle({ ...(parsed.data as EventEnvelope), topic });
      return;
    }
    // Retrying cannot fix a message that is not an envelope; it would only block the partition for good.
    this.options.logger?.error(
      { topic, partition, offset: message.offset },
      'skipping a message that is not an event envelope',
    );
  }

  /**
   * How many events each consumer group of this process has yet to handle, per topic: the partitions' ends against
   * the offsets the group committed. Every member of a group reports the group's whole lag, whichever partitions it
   * holds; what was handled since the last commit (at most a second ago) still counts.
   */
  async lag(): Promise<ConsumerLag[]> {
    if (this.closed) return [];
    const groups = new Map([...this.consumers.values()].map(({ group, topics }) => [group, topics]));
    const ends = new Map<string, ReturnType<Admin['fetchTopicOffsets']>>();
    const endsOf = (topic: string) => {
      const known = ends.get(topic) ?? this.admin.fetchTopicOffsets(topic);
      ends.set(topic, known);
      return known;
    };
    const lags = await Promise.all(
      [...groups].map(async ([group, topics]) =>
        Promise.all(
          (await this.admin.fetchOffsets({ groupId: group, topics })).map(async ({ topic, partitions }) => ({
            group,
            topic,
            events: eventsBehind(partitions, await endsOf(topic)),
          })),
        ),
      ),
    );
    return lags.flat();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.consumers].map(([consumer, { commits }]) => stopConsumer(consumer, commits)));
    this.consumers.clear();
    // Publishes accepted before the close are sent before the producer goes.
    await this.batches.drain();
    await this.producer.disconnect();
    await this.admin.disconnect();
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('the event bus is closed');
  }

  /**
   * Brokers may refuse to create topics on first use, or create them uncompacted, so the bus creates each one it
   * touches (once per process), as the deployment's topics job would: a topic that already exists is left as it is.
   */
  private ensureTopic(topic: string): Promise<void> {
    let created = this.createdTopics.get(topic);
    if (!created) {
      created = this.createTopic(topic);
      this.createdTopics.set(topic, created);
      created.catch(() => this.createdTopics.delete(topic));
    }
    return created;
  }

  /**
   * A broker that has just started may answer that it does not host the new topic's partition yet (or has no leader
   * for it) while it waits for the leaders: kafkajs marks those errors retriable, and they pass within a second.
   */
  private async createTopic(topic: string): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        // kafkajs waits for the leaders only of a topic it created: one another process has just created may have
        // none yet, so this process waits for them too.
        const compacted = this.options.compactedTopics?.includes(topic);
        const configEntries = compacted ? Object.entries(COMPACTION).map(([name, value]) => ({ name, value })) : [];
        const created = await this.admin.createTopics({ topics: [{ topic, configEntries }], waitForLeaders: true });
        if (!created) await this.assertLeaders(topic);
        return;
      } catch (error) {
        if (!isRetriable(error) || attempt === TOPIC_ATTEMPTS) throw error;
        await sleep(100 * attempt);
      }
    }
  }

  /** Throws a retriable error until every partition of `topic` has a leader. */
  private async assertLeaders(topic: string): Promise<void> {
    const { topics } = await this.admin.fetchTopicMetadata({ topics: [topic] });
    const partitions = topics[0]?.partitions ?? [];
    if (partitions.length === 0 || partitions.some((partition) => partition.leader < 0)) {
      throw Object.assign(new Error(`topic ${topic} has no leader yet`), { retriable: true });
    }
  }
}

/** One request in flight at a time: a retried send can then never overtake the next one. */
function idempotentProducer(kafka: Kafka): Producer {
  return kafka.producer({
    idempotent: true,
    maxInFlightRequests: 1,
    createPartitioner: Partitioners.DefaultPartitioner,
  });
}

/** Commits what was handled, then leaves the group (whatever is handled meanwhile may be delivered again). */
async function stopConsumer(consumer: Consumer, commits: OffsetCommits): Promise<void> {
  commits.stop();
  await commits.flush();
  await consumer.disconnect();
}

/** kafkajs's own errors say whether trying again may help (its error classes are not named exports under ESM). */
function isRetriable(error: unknown): boolean {
  return error instanceof Error && (error as { retriable?: unknown }).retriable === true;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
