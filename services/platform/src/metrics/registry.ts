import { collectDefaultMetrics, Counter, Gauge, Histogram, register } from 'prom-client';

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

/** Latency buckets (seconds) for calls that take from a tenth of a millisecond to seconds. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** gRPC calls served, per service, method and status code; its _count is the call count. */
export const grpcServerDuration = () =>
  once(
    'tip_grpc_server_duration_seconds',
    () =>
      new Histogram({
        name: 'tip_grpc_server_duration_seconds',
        help: 'gRPC calls served: duration by service, method and status code',
        labelNames: ['service', 'method', 'code'] as const,
        buckets: LATENCY_BUCKETS,
      }),
  );

/** HTTP requests the BFF answered, per route template and status class (2xx, 4xx...). */
export const httpRequestDuration = () =>
  once(
    'tip_http_request_duration_seconds',
    () =>
      new Histogram({
        name: 'tip_http_request_duration_seconds',
        help: 'HTTP requests answered by the BFF: duration by method, route template and status class',
        labelNames: ['method', 'route', 'status_class'] as const,
        buckets: LATENCY_BUCKETS,
      }),
  );

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
