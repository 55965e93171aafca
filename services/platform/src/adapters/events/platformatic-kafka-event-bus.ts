// @platformatic/kafka (pure JavaScript, maintained) behind the events port: the only file that knows it.
import {
  Admin,
  compatibilityPartitioner,
  Consumer,
  ProduceAcks,
  Producer,
  stringDeserializers,
  stringSerializers,
  type BaseOptions,
  type Message,
  type MessagesStream,
} from '@platformatic/kafka';
import type { EventBus, EventEnvelope, SubscribeOptions, Subscription } from '../../ports/events.js';
import { assertTopicName, envelopeSchema } from './envelope-schema.js';
import type { KafkaEventBusOptions } from './kafka-event-bus.js';
import { OffsetCommits } from './kafka-offset-commits.js';
import { PublishBatches } from './kafka-publish-batches.js';
import type { KafkaSecurity } from './kafka-security.js';

/** As deploy/k8s/base/kafka-topics.sh makes a compacted topic (see kafka-event-bus.ts). */
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
/** The longest wait before a failed event is handed to its handler again. */
const MAX_RETRY_DELAY_MS = 30_000;
/** Events fetched ahead of the handler before the consumer stops fetching. */
const QUEUED_EVENTS = 1000;
/**
 * A request to a broker is tried this many times, this far apart (about 10 s in all) before its call fails: the
 * library's idempotent producer would otherwise try for ever, and a bus closing while a broker is gone would wait
 * for it. A publish that fails is tried again by its outbox.
 */
const REQUEST_RETRIES = 40;
const REQUEST_RETRY_DELAY_MS = 250;
/** How long a consumer may stay silent before its group hands its partitions to others (as kafkajs's). */
const SESSION_TIMEOUT_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type StringMessage = Message<string, string, string, string>;

/** Brokers, TLS and SASL, as every client of this library takes them. */
function connectionOptions(options: KafkaEventBusOptions): BaseOptions {
  const { tls, sasl } = options.security ?? {};
  return {
    clientId: options.clientId,
    bootstrapBrokers: options.brokers,
    retries: REQUEST_RETRIES,
    retryDelay: REQUEST_RETRY_DELAY_MS,
    ...(tls ? { tls: tls.ca ? { ca: tls.ca } : {} } : {}),
    ...(sasl ? { sasl: saslOf(sasl) } : {}),
  };
}

function saslOf({ mechanism, username, password }: NonNullable<KafkaSecurity['sasl']>) {
  const mechanisms = { plain: 'PLAIN', 'scram-sha-256': 'SCRAM-SHA-256', 'scram-sha-512': 'SCRAM-SHA-512' } as const;
  return { mechanism: mechanisms[mechanism], username, password };
}

/**
 * Kafka through @platformatic/kafka, with the semantics of kafka-event-bus.ts: a topic per name, the envelope's key
 * as the message key (the Java client's partitioner, so keys land where other clients put them), the JSON envelope as
 * the value; an idempotent producer with acks from every in-sync replica and one send in flight (PublishBatches: the
 * library's idempotent producer refuses concurrent sends with OUT_OF_ORDER_SEQUENCE_NUMBER). Each subscription is a
 * consumer in its group whose events are handled one at a time in fetched order; a handler that throws is called
 * again with the same event after a growing pause, holding the later ones back; what was handled is committed in the
 * background every second (OffsetCommits; the library's autocommit commits what was fetched, not what was handled).
 */
export class PlatformaticKafkaEventBus implements EventBus {
  private readonly createdTopics = new Map<string, Promise<void>>();
  private readonly subscriptions = new Set<ConsumerLoop>();
  private readonly batches: PublishBatches;
  private closed = false;

  private constructor(
    private readonly producer: Producer<string, string, string, string>,
    private readonly admin: Admin,
    private readonly options: KafkaEventBusOptions,
  ) {
    this.batches = new PublishBatches(async (topics) => {
      await this.producer.send({
        messages: topics.flatMap(({ topic, messages }) => messages.map((message) => ({ topic, ...message }))),
      });
    });
  }

  static async connect(options: KafkaEventBusOptions): Promise<PlatformaticKafkaEventBus> {
    const producer = new Producer({
      ...connectionOptions(options),
      idempotent: true,
      acks: ProduceAcks.ALL,
      partitioner: compatibilityPartitioner,
      serializers: stringSerializers,
    });
    const admin = new Admin(connectionOptions(options));
    try {
      // The clients connect on first use: a wrong password or an untrusted broker fails here, at once (the library
      // tries every failed connection again, refused ones included).
      await checkConnection(options);
      await producer.initIdempotentProducer({});
    } catch (error) {
      await Promise.all([producer.close(), admin.close()]);
      throw error;
    }
    return new PlatformaticKafkaEventBus(producer, admin, options);
  }

  async publish(topic: string, events: EventEnvelope[]): Promise<void> {
    this.assertOpen();
    assertTopicName(topic);
    const envelopes = events.map((event) => envelopeSchema.parse(event));
    if (envelopes.length === 0) return;
    await this.ensureTopic(topic);
    await this.batches.publish(
      topic,
      envelopes.map((envelope) => ({ key: envelope.key, value: JSON.stringify(envelope) })),
    );
  }

  async subscribe({ group, topics, handle }: SubscribeOptions): Promise<Subscription> {
    this.assertOpen();
    topics.forEach(assertTopicName);
    await Promise.all(topics.map((topic) => this.ensureTopic(topic)));
    const loop = new ConsumerLoop(this.options, group, topics, handle);
    await loop.start();
    this.subscriptions.add(loop);
    return {
      stop: async () => {
        if (!this.subscriptions.delete(loop)) return;
        await loop.stop();
      },
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((loop) => loop.stop()));
    this.subscriptions.clear();
    // Publishes accepted before the close are sent before the producer goes.
    await this.batches.drain();
    await Promise.all([this.producer.close(), this.admin.close()]);
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('the event bus is closed');
  }

  /** Creates each topic this process touches once, as kafka-event-bus.ts does (brokers may not create them). */
  private ensureTopic(topic: string): Promise<void> {
    let created = this.createdTopics.get(topic);
    if (!created) {
      created = this.createTopic(topic);
      this.createdTopics.set(topic, created);
      created.catch(() => this.createdTopics.delete(topic));
    }
    return created;
  }

  /** Creates the topic unless it exists, then waits until each of its partitions has a leader. */
  private async createTopic(topic: string): Promise<void> {
    const compacted = this.options.compactedTopics?.includes(topic);
    const configs = compacted ? Object.entries(COMPACTION).map(([name, value]) => ({ name, value })) : [];
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.admin.createTopics({ topics: [topic], configs }).catch((error: unknown) => {
          if (!hasProtocolError(error, 'TOPIC_ALREADY_EXISTS')) throw error;
        });
        await this.assertLeaders(topic);
        return;
      } catch (error) {
        if (!isRetriable(error) || attempt === TOPIC_ATTEMPTS) throw error;
        await sleep(100 * attempt);
      }
    }
  }

  /** Throws a retriable error until every partition of `topic` has a leader. */
  private async assertLeaders(topic: string): Promise<void> {
    const metadata = await this.admin.metadata({ topics: [topic], forceUpdate: true });
    const partitions = metadata.topics.get(topic)?.partitions ?? [];
    if (partitions.length === 0 || partitions.some((partition) => partition.leader < 0)) {
      throw Object.assign(new Error(`topic ${topic} has no leader yet`), { canRetry: true });
    }
  }
}

/**
 * One subscription: a consumer in its group and the loop that hands its events to the handler in order. The stream
 * fetches ahead while the handler runs, and stops fetching once QUEUED_EVENTS wait. A stream that fails (a broker
 * gone past the client's retries) is replaced by a new consumer, which resumes at the committed offsets: events
 * handled since the last commit are delivered again, as at-least-once allows.
 */
class ConsumerLoop {
  private consumer: Consumer<string, string, string, string> | undefined;
  private stream: MessagesStream<string, string, string, string> | undefined;
  private commits: OffsetCommits | undefined;
  private readonly queue: StringMessage[] = [];
  private handling: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly options: KafkaEventBusOptions,
    private readonly group: string,
    private readonly topics: string[],
    private readonly handle: SubscribeOptions['handle'],
  ) {}

  /** Resolves once the consumer has joined its group and its stream runs (tried again on a settling cluster). */
  async start(): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.open();
        return;
      } catch (error) {
        await this.closeConsumer();
        if (!isRetriable(error) || attempt === START_ATTEMPTS) throw error;
        this.options.logger?.warn(
          { group: this.group, topics: this.topics, attempt, err: error },
          'starting a consumer again',
        );
        await sleep(Math.min(100 * 2 ** attempt, 2000));
      }
    }
  }

  /** Stops fetching, lets the handler in progress finish, commits what was handled and leaves the group. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.queue.length = 0;
    await this.handling;
    await this.closeConsumer();
  }

  private async open(): Promise<void> {
    const consumer = new Consumer({
      ...connectionOptions(this.options),
      groupId: this.group,
      sessionTimeout: SESSION_TIMEOUT_MS,
      deserializers: stringDeserializers,
    });
    this.consumer = consumer;
    const commits = new OffsetCommits(
      (offsets) => consumer.commit({ offsets: offsets.map((offset) => ({ ...offset, leaderEpoch: -1 })) }),
      this.options.logger,
    );
    this.commits = commits;
    consumer.on('consumer:group:join', ({ assignments }) =>
      commits.keepOnly(Object.fromEntries((assignments ?? []).map(({ topic, partitions }) => [topic, partitions]))),
    );
    const stream = await consumer.consume({
      topics: this.topics,
      mode: 'committed',
      fallbackMode: 'earliest',
      autocommit: false,
    });
    this.stream = stream;
    stream.on('data', (message: StringMessage) => {
      this.queue.push(message);
      if (this.queue.length >= QUEUED_EVENTS) stream.pause();
      if (this.queue.length === 1) this.handling = this.handleQueue(stream);
    });
    stream.on('error', (error: Error) => void this.restart(stream, error));
    commits.start();
  }

  /** Hands the queued events to the handler one at a time, resuming the stream once the queue has room. */
  private async handleQueue(stream: MessagesStream<string, string, string, string>): Promise<void> {
    while (this.queue.length > 0 && !this.stopped && this.stream === stream) {
      const message = this.queue[0] as StringMessage;
      const handled = await this.deliver(message);
      if (!handled) return;
      this.queue.shift();
      this.commits?.handled(message.topic, message.partition, message.offset);
      if (stream.isPaused() && this.queue.length < QUEUED_EVENTS / 2) stream.resume();
    }
  }

  /** Calls the handler until it succeeds (false if the subscription stopped or its stream failed meanwhile). */
  private async deliver(message: StringMessage): Promise<boolean> {
    const parsed = envelopeSchema.safeParse(parseJson(message.value));
    if (!parsed.success) {
      // Retrying cannot fix a message that is not an envelope; it would only block the partition for good.
      const { topic, partition, offset } = message;
      this.options.logger?.error(
        { topic, partition, offset: `${offset}` },
        'skipping a message that is not an event envelope',
      );
      return true;
    }
    const stream = this.stream;
    for (let attempt = 0; ; attempt += 1) {
      try {
        await this.handle({ ...(parsed.data as EventEnvelope), topic: message.topic });
        return true;
      } catch (error) {
        this.options.logger?.warn({ topic: message.topic, attempt, err: error }, 'an event handler failed; retrying');
        await sleep(Math.min((this.options.retryDelayMs ?? 100) * 2 ** attempt, MAX_RETRY_DELAY_MS));
        if (this.stopped || this.stream !== stream) return false;
      }
    }
  }

  /** A failed stream: its consumer is closed and a new one started (after a pause), unless the loop stopped. */
  private async restart(stream: MessagesStream<string, string, string, string>, error: Error): Promise<void> {
    if (this.stopped || this.stream !== stream) return;
    this.options.logger?.warn({ group: this.group, err: error }, 'the Kafka consumer failed; starting it again');
    this.stream = undefined;
    this.queue.length = 0;
    await this.handling;
    await this.closeConsumer();
    while (!this.stopped) {
      try {
        await sleep(1000);
        if (!this.stopped) await this.open();
        return;
      } catch (retryError) {
        await this.closeConsumer();
        this.options.logger?.warn(
          { group: this.group, err: retryError },
          'the Kafka consumer did not start; trying again',
        );
      }
    }
  }

  private async closeConsumer(): Promise<void> {
    const { consumer, stream, commits } = this;
    this.consumer = undefined;
    this.stream = undefined;
    this.commits = undefined;
    commits?.stop();
    await stream?.close().catch(() => undefined);
    await commits?.flush();
    // The stream is closed already: the consumer leaves its group, so its partitions go to the others at once.
    await consumer
      ?.close()
      .catch((error: unknown) => this.options.logger?.warn({ err: error }, 'closing a Kafka consumer'));
  }
}

/**
 * Connects once to the brokers, without trying again, and fails with why when they refuse (the TLS or SASL error);
 * brokers out of reach are tried for a few seconds, as a process started with its engines finds them.
 */
async function checkConnection(options: KafkaEventBusOptions): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const probe = new Admin({ ...connectionOptions(options), retries: 0 });
    try {
      await probe.metadata({ topics: [] });
      return;
    } catch (error) {
      const refusals = causes(error).filter((cause) => cause.name === 'AuthenticationError' || 'code' in cause);
      const refused = refusals.find((cause) => cause.name === 'AuthenticationError' || !isUnreachable(cause));
      if (refused || attempt === START_ATTEMPTS) {
        const why = [...new Set(causes(error).map((cause) => cause.message))].join('; ');
        throw new Error(`cannot connect to Kafka at ${options.brokers.join(',')}: ${why}`, { cause: error });
      }
      await sleep(Math.min(100 * 2 ** attempt, 2000));
    } finally {
      await probe.close();
    }
  }
}

/** The errors at the root of a failure (the library wraps them in its own, by `errors` and by `cause`). */
function causes(error: unknown): Error[] {
  if (!isError(error)) return [];
  const inner = [...(Array.isArray(error.errors) ? error.errors : []), ...(error.cause ? [error.cause] : [])];
  const found = inner.flatMap(causes);
  return found.length > 0 ? found : [error];
}

/**
 * An error, told by its shape: Node's socket and TLS errors come from another realm than the code's under a test
 * runner's sandbox, where `instanceof Error` is false for them.
 */
function isError(value: unknown): value is Error & { errors?: unknown; [property: string]: unknown } {
  return typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';
}

/** A socket that could not reach the broker (not there yet), as against one the broker or TLS refused. */
const isUnreachable = (error: Error) =>
  ['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN'].includes(
    String((error as { code?: unknown }).code),
  );

/** Finds an error carrying `property` set to `value`: the library nests the broker's answers in MultipleErrors. */
function findError(error: unknown, property: string, value: unknown): boolean {
  if (!isError(error)) return false;
  if (error[property] === value) return true;
  const nested = Array.isArray(error.errors) ? error.errors : [];
  return nested.some((inner) => findError(inner, property, value)) || findError(error.cause, property, value);
}

/** Whether the library says trying again may help. */
const isRetriable = (error: unknown) => findError(error, 'canRetry', true);

const hasProtocolError = (error: unknown, id: string) => findError(error, 'apiId', id);

function parseJson(text: string | undefined): unknown {
  try {
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}
