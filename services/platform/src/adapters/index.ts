import { join } from 'node:path';
import type { Logger } from '../logging/logger.js';
import type { Cache } from '../ports/cache.js';
import type { DocumentStore } from '../ports/documents.js';
import type { EventBus } from '../ports/events.js';
import type { ObjectStore } from '../ports/objects.js';
import { SqliteCache } from './cache/sqlite-cache.js';
import { SqliteDocumentStore } from './documents/sqlite-store.js';
import { COMPACTED_TOPICS } from '../events/index.js';
import { SqliteEventLog } from './events/sqlite-event-log.js';
import { readKafkaSecurity, type KafkaSecuritySettings } from './events/kafka-security.js';
import { FileObjectStore } from './objects/file-object-store.js';
import { refuseLegacyData } from './legacy/legacy-layout.js';

export { MemoryCache } from './cache/memory-cache.js';
export { CACHE_FILE, SqliteCache } from './cache/sqlite-cache.js';
export { DOCUMENTS_FILE, SqliteDocumentStore } from './documents/sqlite-store.js';
export { EVENTS_FILE, SqliteEventLog, type CommittedOffset } from './events/sqlite-event-log.js';
export { backupDatabase } from './sqlite/backup.js';
export { readKafkaSecurity, type KafkaSecurity, type KafkaSecuritySettings } from './events/kafka-security.js';
export { FileObjectStore } from './objects/file-object-store.js';
export {
  importLegacyDocuments,
  importLegacyEventLog,
  storeHoldsData,
  type DocumentsImported,
  type EventsImported,
} from './legacy/import-legacy.js';
export {
  hasLegacyData,
  LEGACY_DOCUMENTS_DIR,
  LEGACY_EVENTS_DIR,
  legacyDataIn,
  refuseLegacyData,
  SERVICE_DIRS,
  type LegacyData,
} from './legacy/legacy-layout.js';

/**
 * Which engines to use: each real one is switched on by its setting, the embedded one is the default. A real one's
 * adapter is imported when its setting asks for it (src/real-engines says why).
 */
export interface AdapterOptions {
  /** Where the embedded engines keep their files. */
  dataDir: string;
  mongoUrl?: string;
  /** Comma-separated host:port list. */
  kafkaBrokers?: string;
  /** TLS and SASL to the brokers (kafkaSecurityFrom reads them from the environment). */
  kafkaSecurity?: KafkaSecuritySettings;
  redisUrl?: string;
  s3Endpoint?: string;
  s3AccessKey?: string;
  s3SecretKey?: string;
  s3Bucket?: string;
  /** Names this process to Kafka (client id). */
  serviceName?: string;
  logger?: Logger;
}

export interface Adapters {
  documents: DocumentStore;
  events: EventBus;
  objects: ObjectStore;
  cache: Cache;
  /** Closes all four, flushing what the embedded engines hold. */
  close(): Promise<void>;
}

export async function openDocumentStore(options: AdapterOptions): Promise<DocumentStore> {
  if (options.mongoUrl)
    return (await import('./documents/mongo-store.js')).MongoDocumentStore.connect(options.mongoUrl);
  return SqliteDocumentStore.open(options.dataDir, { logger: options.logger });
}

/** KAFKA_BROKERS as a list; empty when the embedded log is to be used. */
const kafkaBrokersOf = (options: AdapterOptions) =>
  (options.kafkaBrokers ?? '')
    .split(',')
    .map((broker) => broker.trim())
    .filter(Boolean);

export async function openEventBus(options: AdapterOptions): Promise<EventBus> {
  const brokers = kafkaBrokersOf(options);
  if (brokers.length > 0) {
    return (await import('./events/kafka-event-bus.js')).KafkaEventBus.connect({
      brokers,
      clientId: options.serviceName ?? 'tip',
      logger: options.logger,
      security: await readKafkaSecurity(options.kafkaSecurity),
      compactedTopics: COMPACTED_TOPICS,
    });
  }
  return SqliteEventLog.open(options.dataDir, { logger: options.logger, compactedTopics: COMPACTED_TOPICS });
}

export async function openObjectStore(options: AdapterOptions): Promise<ObjectStore> {
  if (!options.s3Endpoint) return FileObjectStore.open(options.dataDir);
  const { s3AccessKey: accessKey, s3SecretKey: secretKey } = options;
  if (!accessKey || !secretKey) {
    throw new Error('S3_ENDPOINT is set, so S3_ACCESS_KEY and S3_SECRET_KEY are required');
  }
  return (await import('./objects/minio-object-store.js')).MinioObjectStore.connect({
    endpoint: options.s3Endpoint,
    accessKey,
    secretKey,
    bucket: options.s3Bucket ?? 'tip-media',
  });
}

export async function openCache(options: AdapterOptions): Promise<Cache> {
  if (options.redisUrl)
    return (await import('./cache/redis-cache.js')).RedisCache.connect(options.redisUrl, { logger: options.logger });
  return SqliteCache.open(options.dataDir, { logger: options.logger });
}

/**
 * Opens all four ports; if one cannot be opened, closes those that were and rethrows. A named service keeps its own
 * embedded documents and cache under `<dataDir>/<serviceName>/` and shares the event log and media at `<dataDir>`
 * with the others: so that every service can run as a process of its own over one data directory. A data directory
 * the earlier version wrote is refused before anything opens (refuseLegacyData).
 */
export async function createAdapters(options: AdapterOptions): Promise<Adapters> {
  const uses = { documents: !options.mongoUrl, events: kafkaBrokersOf(options).length === 0 };
  await refuseLegacyData(options.dataDir, uses, options.serviceName);
  const own = options.serviceName ? { ...options, dataDir: join(options.dataDir, options.serviceName) } : options;
  const opened = await Promise.allSettled([
    openDocumentStore(own),
    openEventBus(options),
    openObjectStore(options),
    openCache(own),
  ] as const);
  const [documents, events, objects, cache] = opened;
  if (
    documents.status === 'rejected' ||
    events.status === 'rejected' ||
    objects.status === 'rejected' ||
    cache.status === 'rejected'
  ) {
    await Promise.allSettled(opened.map((port) => (port.status === 'fulfilled' ? port.value.close() : undefined)));
    const failure = opened.find((port) => port.status === 'rejected') as PromiseRejectedResult;
    throw failure.reason;
  }
  const adapters = { documents: documents.value, events: events.value, objects: objects.value, cache: cache.value };
  return {
    ...adapters,
    async close() {
      // Producers first: events stops its consumers, whose handlers may still write documents.
      await adapters.events.close();
      await Promise.all([adapters.documents.close(), adapters.objects.close(), adapters.cache.close()]);
    },
  };
}
