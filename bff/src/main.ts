import {
  createGrpcClient,
  createLogger,
  identityDefinition,
  loadConfig,
  openCache,
  openEventBus,
  ConfigError,
} from '@tip/platform';
import { standaloneBffConfigSchema } from './config.js';
import { startBff } from './start-bff.js';

/** The BFF as its own process (distributed mode): identity over gRPC, events and cache from the configured engines. */
async function main() {
  const config = loadConfig(standaloneBffConfigSchema);
  const logger = createLogger('bff', config.LOG_LEVEL);
  // Alone, the BFF shares nothing with identity through DATA_DIR: it hears identity's events only through Kafka,
  // and replicas share sessions, limits and sockets only through Redis.
  if (!config.KAFKA_BROKERS)
    logger.warn('KAFKA_BROKERS is unset: user changes reach this BFF only as its cache expires');
  if (!config.REDIS_URL) logger.warn('REDIS_URL is unset: logouts, rate limits and pushes stay within this replica');
  const engines = {
    dataDir: config.DATA_DIR,
    kafkaBrokers: config.KAFKA_BROKERS,
    redisUrl: config.REDIS_URL,
    serviceName: 'bff',
    logger,
  };
  const events = await openEventBus(engines);
  const cache = await openCache(engines);
  const identity = createGrpcClient(identityDefinition(), config.IDENTITY_ADDR);
  const bff = await startBff({ config, identity, events, cache, logger });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    await bff.stop();
    identity.close();
    await Promise.all([events.close(), cache.close()]);
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
