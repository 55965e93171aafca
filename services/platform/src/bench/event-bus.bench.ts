/**
 * The event bus on a real Kafka (`KAFKA_BROKERS`, as `npm run engines:start` prints it; `npm run bench` does not run
 * it, having no broker): `node services/platform/dist/bench/event-bus.bench.js`.
 * 1. Publish to consume at a steady 1,000 events/s for 10 s, over 100 keys, each event published alone as the
 *    outbox relays publish them: the time from the publish call to the consumer's handler, p50, p99 and max.
 * 2. The highest rate: 50,000 events published by 50 publishers at once (each waiting for its last publish before
 *    the next, as a relay does), timed from the first publish until the consumer has handled the last.
 * Each part also prints the process's CPU time per 1,000 events (publishing and consuming in this one process): on a
 * shared machine it moves less with the load than the latencies do.
 * Events are counted by id (a redelivery counts once); the steady part also counts events that came out of their
 * key's order (the burst's publishers race, so its keys have no order to keep).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { KafkaEventBus } from '../adapters/events/kafka-event-bus.js';
import type { DeliveredEvent, EventBus, EventEnvelope } from '../ports/events.js';
import { atLeast, reportTarget, under } from '../testing/bench-report.js';

const STEADY_RATE = 1_000;
const STEADY_SECONDS = 10;
const BURST_EVENTS = 50_000;
const BURST_PUBLISHERS = 50;
const KEYS = 100;
/** The target for publish to handler at 1,000 events/s on one broker. */
const STEADY_P99_MS = 20;

/** The Kafka client behind the bus, named in the report (the targets' names keep it, for comparison with earlier runs). */
const CLIENT = 'kafkajs';

const brokers = process.env.KAFKA_BROKERS;
if (!brokers) {
  console.error('KAFKA_BROKERS is unset: start a broker (npm run engines:start) and eval its variables first');
  process.exit(2);
}

function envelope(n: number): EventEnvelope<{ n: number; sentAt: number }> {
  return {
    id: randomUUID(),
    type: 'BenchEvent',
    version: 1,
    occurredAt: new Date().toISOString(),
    key: `k${n % KEYS}`,
    correlationId: 'bench',
    payload: { n, sentAt: performance.timeOrigin + performance.now() },
  };
}

/** A consumer that records each event's latency and checks per-key order; resolves once `expected` have arrived. */
async function consume(bus: EventBus, topic: string, expected: number) {
  const latencies: number[] = [];
  const seen = new Set<string>();
  const lastOfKey = new Map<string, number>();
  let outOfOrder = 0;
  let done: () => void = () => undefined;
  const all = new Promise<void>((resolve) => (done = resolve));
  const subscription = await bus.subscribe({
    group: `bench-${randomUUID()}`,
    topics: [topic],
    handle: async (event: DeliveredEvent) => {
      const { n, sentAt } = event.payload as { n: number; sentAt: number };
      if (seen.has(event.id)) return;
      seen.add(event.id);
      latencies.push(performance.timeOrigin + performance.now() - sentAt);
      if ((lastOfKey.get(event.key) ?? -1) > n) outOfOrder += 1;
      lastOfKey.set(event.key, n);
      if (seen.size === expected) done();
    },
  });
  return { latencies, all, subscription, outOfOrder: () => outOfOrder };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
const ms = (value: number | undefined) => `${(value ?? NaN).toFixed(1)} ms`;
/** CPU time (user and system) this process spent since `since`, per 1,000 of `events`. */
const cpuPerThousand = (since: NodeJS.CpuUsage, events: number) => {
  const { user, system } = process.cpuUsage(since);
  return `${((user + system) / 1000 / (events / 1000)).toFixed(1)} ms CPU per 1,000 events`;
};

async function steady(client: string, bus: EventBus) {
  const topic = `bench.steady.${randomUUID()}`;
  const total = STEADY_RATE * STEADY_SECONDS;
  // The topic exists and the consumer has joined before the clock starts.
  await bus.publish(topic, [envelope(-1)]);
  const consumer = await consume(bus, topic, total + 1);
  const cpu = process.cpuUsage();
  const started = performance.now();
  const publishes: Promise<void>[] = [];
  for (let n = 0; n < total; n += 1) {
    const due = started + (n * 1000) / STEADY_RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    publishes.push(bus.publish(topic, [envelope(n)]));
  }
  await Promise.all(publishes);
  await consumer.all;
  await consumer.subscription.stop();
  const sorted = consumer.latencies.slice(1).sort((a, b) => a - b);
  console.log(
    `${client}: steady ${STEADY_RATE} events/s for ${STEADY_SECONDS} s: ${sorted.length} of ${total} handled, ` +
      `publish to handler p50 ${ms(percentile(sorted, 0.5))}, p99 ${ms(percentile(sorted, 0.99))}, ` +
      `max ${ms(sorted.at(-1))}; out of order per key: ${consumer.outOfOrder()}; ${cpuPerThousand(cpu, total)}`,
  );
  const p99 = percentile(sorted, 0.99) ?? Infinity;
  reportTarget('event-bus', under(`Kafka (${client}) publish to handler p99 at 1,000/s`, p99, STEADY_P99_MS, 'ms'));
}

async function burst(client: string, bus: EventBus) {
  const topic = `bench.burst.${randomUUID()}`;
  await bus.publish(topic, [envelope(-1)]);
  const consumer = await consume(bus, topic, BURST_EVENTS + 1);
  const cpu = process.cpuUsage();
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: BURST_PUBLISHERS }, async () => {
      while (next < BURST_EVENTS) {
        const n = next;
        next += 1;
        await bus.publish(topic, [envelope(n)]);
      }
    }),
  );
  const published = performance.now();
  await consumer.all;
  const handled = performance.now();
  await consumer.subscription.stop();
  const seconds = (handled - started) / 1000;
  console.log(
    `${client}: burst of ${BURST_EVENTS} by ${BURST_PUBLISHERS} publishers: ` +
      `published in ${((published - started) / 1000).toFixed(1)} s, ` +
      `all handled in ${seconds.toFixed(1)} s: ${Math.round(BURST_EVENTS / seconds)} events/s; ` +
      cpuPerThousand(cpu, BURST_EVENTS),
  );
  // At the least, the bus must carry the steady rate it is measured at.
  reportTarget(
    'event-bus',
    atLeast(`Kafka (${client}) events/s published and handled`, BURST_EVENTS / seconds, STEADY_RATE, 'events/s'),
  );
}

const bus = await KafkaEventBus.connect({ brokers: brokers.split(','), clientId: 'bench' });
try {
  await steady(CLIENT, bus);
  await burst(CLIENT, bus);
} finally {
  await bus.close();
}
