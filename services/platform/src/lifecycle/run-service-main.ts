import type * as grpc from '@grpc/grpc-js';
import { createAdapters } from '../adapters/index.js';
import { adapterOptionsFrom, type EngineConfig } from '../config/load-config.js';
import { createGrpcClient } from '../grpc/client.js';
import type { ServiceClient } from '../grpc/unary.js';
import { createLogger, type Logger } from '../logging/logger.js';
import { startMetricsServer } from '../metrics/serve-metrics.js';
import { startTracing } from '../tracing/tracing.js';
import { PROCESS_STOP_BUDGET_MS, runMain, stopOnSignals } from './process-lifecycle.js';
import type { ServiceRuntime } from './start-service.js';

/** What every service process's config holds besides its own settings. */
export interface ServiceProcessConfig extends EngineConfig {
  GRPC_PORT: number;
  SERVICE_TOKEN_SECRET: string;
  SERVICE_TOKEN_ACCEPTED_SECRET?: string | undefined;
}

/** A gRPC client to another service, its token naming this service as the caller; closed when the process stops. */
export type ConnectService = <D>(definition: D & grpc.ServiceDefinition, address: string) => ServiceClient<D>;

/**
 * A service as its own process (the distributed shape): config from the environment, engines chosen by it, the
 * service (with `connect` for the services it calls), and a clean stop on SIGTERM or SIGINT (the service, its
 * clients, then the engines, which flush). `serving` says what to log beside the address once it serves.
 */
export function runServiceMain<
  C extends ServiceProcessConfig,
  S extends { address: string; stop(): Promise<void> },
>(options: {
  name: string;
  readConfig: () => C;
  start: (runtime: ServiceRuntime, config: C, connect: ConnectService) => Promise<S>;
  serving?: (service: S, config: C, logger: Logger) => Record<string, unknown>;
}): void {
  runMain(async () => {
    const config = options.readConfig();
    const logger = createLogger(options.name, config.LOG_LEVEL);
    const tracing = startTracing({
      endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
      sampleRatio: config.OTEL_TRACES_SAMPLER_ARG,
      logger,
    });
    const adapters = await createAdapters({ ...adapterOptionsFrom(config, options.name), logger });
    const { documents, events, objects } = adapters;
    const address = `0.0.0.0:${config.GRPC_PORT}`;
    const serviceTokenSecret = config.SERVICE_TOKEN_SECRET;
    const clients: { close(): void }[] = [];
    const connect: ConnectService = (definition, target) => {
      const client = createGrpcClient(definition, target, { caller: options.name, serviceTokenSecret });
      clients.push(client);
      return client;
    };
    const closeClients = () => clients.forEach((client) => client.close());
    const service = await options
      .start(
        {
          address,
          serviceTokenSecret,
          acceptedServiceTokenSecret: config.SERVICE_TOKEN_ACCEPTED_SECRET,
          documents,
          events,
          objects,
          logger,
        },
        config,
        connect,
      )
      .catch(async (error: unknown) => {
        closeClients();
        await adapters.close();
        await tracing.stop();
        throw error;
      });
    logger.info(
      { address: service.address, ...options.serving?.(service, config, logger) },
      `${options.name} is serving`,
    );
    const metrics = config.METRICS_PORT
      ? await startMetricsServer({ port: config.METRICS_PORT, host: config.METRICS_HOST, logger })
      : undefined;
    stopOnSignals(
      logger,
      async () => {
        await metrics?.stop();
        await service.stop();
        closeClients();
        await adapters.close();
        await tracing.stop();
      },
      { budgetMs: PROCESS_STOP_BUDGET_MS },
    );
  });
}
