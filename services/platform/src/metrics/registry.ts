import { collectDefaultMetrics, Counter, Gauge, register, type Metric } from 'prom-client';
import type { EventBus } from '../ports/events.js';
import { LatencyHistogram } from './latency-histogram.js';

/**
 * The process's metrics, in Prometheus's text format on METRICS_PORT (serve-metrics.ts). One registry per process:
 * in the embedded shape every service and the BFF share it, and their series tell apart by their labels (`service`).
 * Node's own (event-loop delay, heap, GC) come with it.
 */
let defaultsCollected = false;
export function processMetrics() {
  if (!defaultsCollected) {
    collectDefaultMetrics({ prefix: 'tip_' });
    defaultsCollected = true;
  }
  return register;
}

/** A metric registered once per process, whoever asks first (several services in one process ask for the same). */
function once<M>(name: string, make: () => M): M {
  return (register.getSingleMetric(name) as M | undefined) ?? make();
}

/** Latency buckets (seconds) for calls that take from half a millisecond to seconds. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** A latency histogram registered once per process, on LATENCY_BUCKETS. */
function latencyHistogram<L extends string>(name: string, help: string, labelNames: readonly [L, ...L[]]) {
  return once(name, () => {
    const histogram = new LatencyHistogram(name, help, labelNames, LATENCY_BUCKETS);
    register.registerMetric(histogram as unknown as Metric);
    return histogram;
  });
}

/** gRPC calls served, per service, method and status code; its _count is the call count. */
export const grpcServerDuration = () =>
  latencyHistogram(
    'tip_grpc_server_duration_seconds',
    'gRPC calls served: duration by service, method and status code',
    ['service', 'method', 'code'],
  );

/** HTTP requests the BFF answered, per route template and status class (2xx, 4xx...). */
export const httpRequestDuration = () =>
  latencyHistogram(
    'tip_http_request_duration_seconds',
    'HTTP requests answered by the BFF: duration by method, route template and status class',
    ['method', 'route', 'status_class'],
  );

/** Times something and observes it in `histogram` under labels known only at its end (a call's status). */
export function latencyOf<L extends string>(histogram: LatencyHistogram<L>) {
  return () => {
    const started = performance.now();
    return (labels: Record<L, string>) => histogram.observe(labels, (performance.now() - started) / 1000);
  };
}

/** Sockets connected to this BFF replica now. */
export const connectedSockets = () =>
  once('tip_socket_connected', () => new Gauge({ name: 'tip_socket_connected', help: 'Sockets connected now' }));

/** Pushes sent to browsers, by type. */
export const pushesSent = () =>
  once(
    'tip_socket_pushes_total',
    () =>
      new Counter({
        name: 'tip_socket_pushes_total',
        help: 'Pushes sent to browsers, by type',
        labelNames: ['type'] as const,
      }),
  );

/** A counter registered once per process: a service's business figure (entries written, payments, decisions...). */
export function counter<L extends string>(name: string, help: string, labelNames: readonly L[] = []) {
  return once(name, () => new Counter<L>({ name, help, labelNames }));
}

/** A gauge registered once per process: a figure a service sets from time to time (its last check's outcome...). */
export function gauge<L extends string>(name: string, help: string, labelNames: readonly L[] = []) {
  return once(name, () => new Gauge<L>({ name, help, labelNames }));
}

/** Event handlers that failed (the bus delivers the event again), by consumer group and event type. */
export const eventHandlerFailures = () =>
  counter('tip_event_handler_failures_total', 'Event handlers that failed and will see the event again', [
    'group',
    'type',
  ]);

/**
 * The event buses whose consumers' lag the process reports, with how many of its parts report each: in the embedded
 * shape every service and the BFF share one bus, which stays reported until the last of them stops.
 */
const lagSources = new Map<EventBus, number>();

/**
 * Reports the lag of `bus`'s consumer groups on every scrape (`tip_event_consumer_lag{group,topic}`), until the
 * answered function is called. An engine that cannot tell its lag reports none.
 */
export function reportConsumerLag(bus: EventBus): () => void {
  once(
    'tip_event_consumer_lag',
    () =>
      new Gauge({
        name: 'tip_event_consumer_lag',
        help: 'Events a consumer group has yet to handle, by group and topic',
        labelNames: ['group', 'topic'] as const,
        async collect() {
          this.reset();
          for (const source of lagSources.keys()) {
            for (const { group, topic, events } of (await source.lag?.()) ?? []) this.set({ group, topic }, events);
          }
        },
      }),
  );
  lagSources.set(bus, (lagSources.get(bus) ?? 0) + 1);
  let reporting = true;
  return () => {
    if (!reporting) return;
    reporting = false;
    const left = (lagSources.get(bus) ?? 1) - 1;
    if (left > 0) lagSources.set(bus, left);
    else lagSources.delete(bus);
  };
}

/** What an outbox relay knows of its backlog: documents with events waiting, and when the oldest began to wait. */
export interface OutboxBacklog {
  documents: number;
  /** When the longest-waiting document was stored or found (ms since the epoch); null when nothing waits. */
  oldestAt: number | null;
}

const outboxSources = new Map<symbol, { topic: string; backlog: () => OutboxBacklog }>();

/**
 * Reports a relay's backlog on every scrape, summed per topic over the relays that publish to it:
 * `tip_outbox_pending_documents{topic}` and `tip_outbox_oldest_event_age_seconds{topic}` (0 when nothing waits).
 * Returns the function that stops the reporting.
 */
/** The relays' backlogs summed per topic: documents waiting, and the longest wait's start. */
function backlogByTopic(): Map<string, OutboxBacklog> {
  const byTopic = new Map<string, OutboxBacklog>();
  for (const source of outboxSources.values()) {
    const { documents, oldestAt } = source.backlog();
    const sum = byTopic.get(source.topic) ?? { documents: 0, oldestAt: null };
    const oldest = [sum.oldestAt, oldestAt].filter((at): at is number => at !== null);
    byTopic.set(source.topic, {
      documents: sum.documents + documents,
      oldestAt: oldest.length > 0 ? Math.min(...oldest) : null,
    });
  }
  return byTopic;
}

export function reportOutbox(topic: string, backlog: () => OutboxBacklog): () => void {
  once(
    'tip_outbox_pending_documents',
    () =>
      new Gauge({
        name: 'tip_outbox_pending_documents',
        help: 'Documents whose events wait in an outbox to be published, by topic',
        labelNames: ['topic'] as const,
        collect() {
          this.reset();
          for (const [name, { documents }] of backlogByTopic()) this.set({ topic: name }, documents);
        },
      }),
  );
  once(
    'tip_outbox_oldest_event_age_seconds',
    () =>
      new Gauge({
        name: 'tip_outbox_oldest_event_age_seconds',
        help: 'How long the longest-waiting event of an outbox has waited, by topic (0: none waits)',
        labelNames: ['topic'] as const,
        collect() {
          this.reset();
          for (const [name, { oldestAt }] of backlogByTopic()) {
            this.set({ topic: name }, oldestAt === null ? 0 : Math.max(0, (Date.now() - oldestAt) / 1000));
          }
        },
      }),
  );
  const key = Symbol(topic);
  outboxSources.set(key, { topic, backlog });
  return () => outboxSources.delete(key);
}
