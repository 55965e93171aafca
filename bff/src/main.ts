import {
  createGrpcClient,
  createLogger,
  kafkaSecurityFrom,
  loadConfig,
  openCache,
  openEventBus,
  refuseLegacyData,
  runMain,
  PROCESS_STOP_BUDGET_MS,
  StopStack,
  startMetricsServer,
  startTracing,
  stopOnSignals,
} from '@tip/platform';
import { contentDefinition } from '@tip/content/contract';
import { identityDefinition } from '@tip/identity/contract';
import { messagingDefinition } from '@tip/messaging/contract';
import { moderationDefinition } from '@tip/moderation/contract';
import { notificationsDefinition } from '@tip/notifications/contract';
import { walletDefinition } from '@tip/wallet/contract';
import { standaloneBffConfigSchema } from './config.js';
import { startBff } from './start-bff.js';

/** The BFF as its own process (distributed mode): the services over gRPC, events and cache from the configured engines. */
runMain(async () => {
  const config = loadConfig(standaloneBffConfigSchema);
  const logger = createLogger('bff', config.LOG_LEVEL);
  const tracing = startTracing({
    endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
    sampleRatio: config.OTEL_TRACES_SAMPLER_ARG,
    logger,
  });
  // Alone, the BFF hears the services' events through Kafka, or through the embedded log of the DATA_DIR it shares
  // with them (one machine, a process per service); replicas share sessions, limits and sockets only through Redis.
  if (!config.KAFKA_BROKERS)
    logger.info(
      { dataDir: config.DATA_DIR },
      "KAFKA_BROKERS is unset: this BFF hears the services' events from the embedded log in DATA_DIR, which it must share with them",
    );
  if (!config.REDIS_URL) logger.warn('REDIS_URL is unset: logouts, rate limits and pushes stay within this replica');
  const engines = {
    dataDir: config.DATA_DIR,
    kafkaBrokers: config.KAFKA_BROKERS,
    kafkaSecurity: kafkaSecurityFrom(config),
    redisUrl: config.REDIS_URL,
    serviceName: 'bff',
    logger,
  };
  // The BFF keeps no documents; where it shares DATA_DIR's event log with the services, it refuses what they refuse.
  await refuseLegacyData(config.DATA_DIR, { documents: false, events: !config.KAFKA_BROKERS });
  const stops = new StopStack();
  // Deferred first, so that it stops last and exports the spans of everything stopped before it.
  stops.defer(() => tracing.stop());
  const events = await openEventBus(engines);
  stops.defer(() => events.close());
  const cache = await openCache(engines);
  stops.defer(() => cache.close());
  // Every call carries a token signed with SERVICE_TOKEN_SECRET: the services serve no one else.
  const grpcOptions = { caller: 'bff', serviceTokenSecret: config.SERVICE_TOKEN_SECRET };
  const identity = createGrpcClient(identityDefinition(), config.IDENTITY_ADDR, grpcOptions);
  stops.defer(() => identity.close());
  const wallet = createGrpcClient(walletDefinition(), config.WALLET_ADDR, grpcOptions);
  stops.defer(() => wallet.close());
  const content = createGrpcClient(contentDefinition(), config.CONTENT_ADDR, grpcOptions);
  stops.defer(() => content.close());
  const messaging = createGrpcClient(messagingDefinition(), config.MESSAGING_ADDR, grpcOptions);
  stops.defer(() => messaging.close());
  const moderation = createGrpcClient(moderationDefinition(), config.MODERATION_ADDR, grpcOptions);
  stops.defer(() => moderation.close());
  const notifications = createGrpcClient(notificationsDefinition(), config.NOTIFICATIONS_ADDR, grpcOptions);
  stops.defer(() => notifications.close());
  const clients = { identity, wallet, content, messaging, moderation, notifications };
  const eventsGroup = config.BFF_REPLICA_NAME && `bff-${config.BFF_REPLICA_NAME}`;
  const bff = await startBff({ config, ...clients, events, cache, logger, ...(eventsGroup && { eventsGroup }) }).catch(
    async (error: unknown) => {
      await stops.stopAll();
      throw error;
    },
  );
  stops.defer(() => bff.stop());
  if (config.METRICS_PORT) {
    const metrics = await startMetricsServer({ port: config.METRICS_PORT, host: config.METRICS_HOST, logger });
    stops.defer(() => metrics.stop());
  }
  stopOnSignals(logger, () => stops.stopAll(), { budgetMs: PROCESS_STOP_BUDGET_MS });
});
