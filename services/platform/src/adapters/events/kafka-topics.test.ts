// The topics the Kafka bus creates when it is the first to touch them (npm run start:distributed has no topics job):
// the compacted ones with the settings deploy/k8s/base/kafka-topics.sh gives them, so that erasure holds there too.
import { expect, it, jest } from '@jest/globals';
import { ConfigResourceTypes, Kafka, logLevel } from 'kafkajs';
import { randomUUID } from 'node:crypto';
import { describeContract, kafkaEngine, scaled } from '../../testing/index.js';
import { KafkaEventBus } from './kafka-event-bus.js';

jest.setTimeout(scaled(60_000));

let brokers: string[] = [];

const envelope = () => ({
  id: randomUUID(),
  type: 'ProfileChanged',
  version: 1,
  occurredAt: new Date().toISOString(),
  key: 'member-1',
  correlationId: 'c',
  payload: {},
});

/** A topic's settings as the broker describes them. */
async function settingsOf(topics: string[]): Promise<Record<string, Record<string, string>>> {
  const admin = new Kafka({ brokers, clientId: 'topics-test', logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const { resources } = await admin.describeConfigs({
      includeSynonyms: false,
      resources: topics.map((name) => ({ type: ConfigResourceTypes.TOPIC, name })),
    });
    return Object.fromEntries(
      resources.map((resource) => [
        resource.resourceName,
        Object.fromEntries(resource.configEntries.map((entry) => [entry.configName, entry.configValue])),
      ]),
    );
  } finally {
    await admin.disconnect();
  }
}

await describeContract<KafkaEventBus>(
  'topics the bus creates',
  [
    {
      name: 'kafka',
      engine: kafkaEngine,
      open: (url, namespace) => {
        brokers = url.split(',');
        return KafkaEventBus.connect({
          brokers,
          clientId: 'topics-test',
          compactedTopics: [`${namespace}-identity.users`],
        });
      },
    },
  ],
  (bus) => {
    it('creates a compacted topic compacted, as the topics job does, and the others as the broker would', async () => {
      const events = await bus.open();
      const compacted = bus.unique('identity.users');
      const other = bus.unique('content.posts');
      await events.publish(compacted, [envelope()]);
      await events.publish(other, [envelope()]);
      const settings = await settingsOf([compacted, other]);
      expect(settings[compacted]).toMatchObject({
        'cleanup.policy': 'compact',
        'segment.ms': '600000',
        'max.compaction.lag.ms': '600000',
        'min.cleanable.dirty.ratio': '0.01',
      });
      expect(settings[other]).toMatchObject({ 'cleanup.policy': 'delete' });
    });
  },
);
