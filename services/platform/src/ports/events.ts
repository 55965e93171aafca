/** The events port: Kafka semantics (topic, key, per-key order, consumer groups, at-least-once). */
export interface EventEnvelope<P = unknown> {
  id: string;
  type: string;
  version: number;
  occurredAt: string;
  /** The aggregate id: events with the same key are delivered in the order they were published. */
  key: string;
  correlationId: string;
  payload: P;
  /** W3C trace context of the span that wrote the event, when tracing is on: its consumers' spans join that trace. */
  traceparent?: string;
  tracestate?: string;
}

export interface DeliveredEvent extends EventEnvelope {
  topic: string;
}

export interface SubscribeOptions {
  /** Consumers sharing a group share the work; each group sees every event. Offsets survive restarts. */
  group: string;
  topics: string[];
  /** Resolving acknowledges the event; throwing makes it be delivered again (after a back-off). */
  handle(event: DeliveredEvent): Promise<void>;
}

export interface Subscription {
  stop(): Promise<void>;
}

/** How many events a consumer group has yet to handle on a topic. */
export interface ConsumerLag {
  group: string;
  topic: string;
  events: number;
}

export interface EventBus {
  /** Resolves once the events are durably stored by the log. */
  publish(topic: string, events: EventEnvelope[]): Promise<void>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  /** The lag of this process's consumer groups, where the engine tells it (the embedded log does). */
  lag?(): Promise<ConsumerLag[]>;
  close(): Promise<void>;
}
