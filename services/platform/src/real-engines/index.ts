/**
 * The real engines' adapters, each on its client library (mongoose, kafkajs, ioredis, minio). `createAdapters`
 * imports the one a setting switches on when it opens it, so the embedded platform never loads their clients:
 * together about 70 MB of a process's resident memory. Tests and benches that need one by name import it from
 * `@tip/platform/real-engines`.
 */
export { RedisCache } from '../adapters/cache/redis-cache.js';
export { MongoDocumentStore } from '../adapters/documents/mongo-store.js';
export { KafkaEventBus } from '../adapters/events/kafka-event-bus.js';
export { MinioObjectStore } from '../adapters/objects/minio-object-store.js';
