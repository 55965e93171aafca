import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../logging/logger.js';
import { AggregatorRegistry } from 'prom-client';
import { processMetrics } from './registry.js';

/** Where the served text comes from: this process's registry, or the workers' of a node:cluster primary. */
export interface MetricsSource {
  contentType: string;
  metrics(): Promise<string>;
}

/**
 * In a node:cluster primary: every worker's metrics, asked of them over the cluster's channel and summed by series
 * (prom-client's AggregatorRegistry); each worker answers once it called metricsForPrimary.
 */
export function metricsOfWorkers(): MetricsSource {
  const aggregator = new AggregatorRegistry();
  return { contentType: aggregator.contentType, metrics: () => aggregator.clusterMetrics() };
}

/**
 * In a node:cluster worker: this process's metrics, answered to the primary's requests (metricsOfWorkers). prom-client
 * listens for them only in a process where an AggregatorRegistry was made: one is, for that alone.
 */
export function metricsForPrimary(): void {
  processMetrics();
  if (answeringPrimary) return;
  answeringPrimary = true;
  new AggregatorRegistry();
}
let answeringPrimary = false;

export interface MetricsServer {
  /** The address and port it listens on. */
  host: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * Serves the process's metrics at GET /metrics on a port of its own (METRICS_PORT), which the public port does not
 * serve, on the interface METRICS_HOST names (loopback unless a container says otherwise): they are not
 * authenticated, so Prometheus scrapes them inside the cluster, and nothing outside reaches them.
 */
export async function startMetricsServer(options: {
  port: number;
  host: string;
  logger: Logger;
  source?: MetricsSource;
}): Promise<MetricsServer> {
  const registry = options.source ?? processMetrics();
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: unknown) => {
        options.logger.error({ err: error }, 'could not collect the metrics');
        res.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { address: host, port } = server.address() as AddressInfo;
  options.logger.info({ host, port }, 'metrics are served on /metrics');
  return {
    host,
    port,
    // Scrapers keep their connection alive: one scraping often enough would hold the process's stop open for as long
    // as it scrapes. Its scrape cut short is taken again at its next interval, of this replica or another.
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
