import { createAdapters } from '../adapters/index.js';
import { adapterOptionsFrom, type EngineConfig } from '../config/load-config.js';
import { createLogger, type Logger } from '../logging/logger.js';
import { runMain, stopOnSignals } from './process-lifecycle.js';
import type { ServiceRuntime } from './start-service.js';

/** What every service process's config holds besides its own settings. */
export interface ServiceProcessConfig extends EngineConfig {
  GRPC_PORT: number;
  SERVICE_TOKEN_SECRET: string;
}

/**
 * A service as its own process (the distributed shape): config from the environment, engines chosen by it, the
 * service, and a clean stop on SIGTERM or SIGINT (the service, then the engines, which flush). `serving` says what
 * to log beside the address once it serves.
 */
export function runServiceMain<
  C extends ServiceProcessConfig,
  S extends { address: string; stop(): Promise<void> },
>(options: {
  name: string;
  readConfig: () => C;
  start: (runtime: ServiceRuntime, config: C) => Promise<S>;
  serving?: (service: S, config: C, logger: Logger) => Record<string, unknown>;
}): void {
  runMain(async () => {
    const config = options.readConfig();
    const logger = createLogger(options.name, config.LOG_LEVEL);
    const adapters = await createAdapters({ ...adapterOptionsFrom(config, options.name), logger });
    const { documents, events, objects } = adapters;
    const address = `0.0.0.0:${config.GRPC_PORT}`;
    const service = await options
      .start({ address, serviceTokenSecret: config.SERVICE_TOKEN_SECRET, documents, events, objects, logger }, config)
      .catch(async (error: unknown) => {
        await adapters.close();
        throw error;
      });
    logger.info(
      { address: service.address, ...options.serving?.(service, config, logger) },
      `${options.name} is serving`,
    );
    stopOnSignals(logger, async () => {
      await service.stop();
      await adapters.close();
    });
  });
}
