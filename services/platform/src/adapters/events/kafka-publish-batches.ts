/** Publishes that arrive while a send is in flight leave together in the next one, up to this many events. */
export const MAX_BATCH_EVENTS = 500;

/** An event as Kafka carries it: the envelope's key, the JSON envelope as the value. */
export interface KafkaRecordOut {
  key: string;
  value: string;
}

/** One send's records, a topic at a time, each topic's records in the order they were published. */
export type TopicRecords = { topic: string; messages: KafkaRecordOut[] }[];

/** The client's send of one request (resolves once the broker acknowledged every record). */
export type SendRecords = (topics: TopicRecords) => Promise<void>;

interface PendingPublish {
  topic: string;
  messages: KafkaRecordOut[];
  sent(): void;
  failed(error: unknown): void;
}

/**
 * One send in flight at a time, as an idempotent producer needs (a retried send can never overtake the next, and the
 * broker's sequence numbers stay in order); publishes made meanwhile leave together in the next send, so a lone
 * publish waits for nothing and a busy process sends few large requests. A failed send fails the publishes it carried.
 */
export class PublishBatches {
  private pending: PendingPublish[] = [];
  private sending: Promise<void> | undefined;

  constructor(private readonly send: SendRecords) {}

  publish(topic: string, messages: KafkaRecordOut[]): Promise<void> {
    return new Promise<void>((sent, failed) => {
      this.pending.push({ topic, messages, sent, failed });
      this.sendPending();
    });
  }

  /** Resolves once every publish accepted until now has been sent or has failed. */
  async drain(): Promise<void> {
    while (this.sending) await this.sending;
  }

  /** Sends what is pending unless a send is in flight (whose end sends what came meanwhile). */
  private sendPending(): void {
    if (this.sending || this.pending.length === 0) return;
    const batch = takeBatch(this.pending);
    this.sending = this.send(byTopic(batch))
      .then(
        () => batch.forEach((publish) => publish.sent()),
        (error: unknown) => batch.forEach((publish) => publish.failed(error)),
      )
      .finally(() => {
        this.sending = undefined;
        this.sendPending();
      });
  }
}

/** The oldest pending publishes, up to MAX_BATCH_EVENTS events (at least one publish, however large). */
function takeBatch(pending: PendingPublish[]): PendingPublish[] {
  let events = 0;
  let count = 0;
  while (count < pending.length) {
    events += pending[count]?.messages.length ?? 0;
    if (count > 0 && events > MAX_BATCH_EVENTS) break;
    count += 1;
  }
  return pending.splice(0, count);
}

/** One entry per topic, its messages in the order they were published (so each key's order holds). */
function byTopic(batch: PendingPublish[]): TopicRecords {
  const topics = new Map<string, KafkaRecordOut[]>();
  for (const { topic, messages } of batch) {
    const list = topics.get(topic) ?? [];
    list.push(...messages);
    topics.set(topic, list);
  }
  return [...topics].map(([topic, messages]) => ({ topic, messages }));
}
