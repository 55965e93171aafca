import { describe, expect, it } from '@jest/globals';
import { bffEnv, serviceEnv, SERVICES, type Addresses } from './topology.js';

const engines = {
  MONGO_URL: 'mongodb://127.0.0.1:27017/tip',
  KAFKA_BROKERS: '127.0.0.1:9092',
  REDIS_URL: 'redis://:secret@127.0.0.1:6379',
  S3_ENDPOINT: 'http://127.0.0.1:8333',
  S3_ACCESS_KEY: 'key',
  S3_SECRET_KEY: 'secret',
  S3_BUCKET: 'tip-media',
  // The engines script's own settings for the Kafka client's security test: no process of the platform reads them.
  KAFKA_SECURE_BROKERS: '127.0.0.1:9093',
};
const addresses: Addresses = Object.fromEntries(SERVICES.map((service, n) => [service, `127.0.0.1:5005${n}`]));

describe("the processes' wiring, as compose gives it", () => {
  it('gives the object store to identity and content alone, and the other engines to every process', () => {
    for (const service of SERVICES) {
      const env = serviceEnv(service, addresses, engines);
      expect({ service, mongo: env.MONGO_URL, kafka: env.KAFKA_BROKERS, redis: env.REDIS_URL }).toEqual({
        service,
        mongo: engines.MONGO_URL,
        kafka: engines.KAFKA_BROKERS,
        redis: engines.REDIS_URL,
      });
      expect({ service, s3: env.S3_ENDPOINT !== undefined }).toEqual({
        service,
        s3: service === 'identity' || service === 'content',
      });
      expect(env).not.toHaveProperty('KAFKA_SECURE_BROKERS');
    }
    const bff = bffEnv(addresses, engines);
    expect(bff).toMatchObject({ KAFKA_BROKERS: engines.KAFKA_BROKERS, REDIS_URL: engines.REDIS_URL });
    expect(bff).not.toHaveProperty('S3_ENDPOINT');
  });

  it('points each service at those it calls, and the BFF at every one', () => {
    const calls = Object.fromEntries(
      SERVICES.map((service) => [
        service,
        Object.keys(serviceEnv(service, addresses))
          .filter((name) => name.endsWith('_ADDR'))
          .sort(),
      ]),
    );
    expect(calls).toEqual({
      identity: [],
      wallet: ['IDENTITY_ADDR'],
      content: ['WALLET_ADDR'],
      messaging: ['WALLET_ADDR'],
      moderation: ['CONTENT_ADDR', 'IDENTITY_ADDR'],
      notifications: ['MESSAGING_ADDR'],
    });
    expect(bffEnv(addresses)).toEqual({
      IDENTITY_ADDR: addresses.identity,
      WALLET_ADDR: addresses.wallet,
      CONTENT_ADDR: addresses.content,
      MESSAGING_ADDR: addresses.messaging,
      MODERATION_ADDR: addresses.moderation,
      NOTIFICATIONS_ADDR: addresses.notifications,
    });
  });

  it('starts each service after those it calls', () => {
    const started: Addresses = {};
    for (const service of SERVICES) {
      expect(() => serviceEnv(service, started)).not.toThrow();
      started[service] = addresses[service];
    }
    expect(() => serviceEnv('moderation', { identity: addresses.identity })).toThrow(/moderation calls content/);
  });
});
