import { expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, engineConfigSchema, kafkaSecurityFrom, loadConfig } from '../../config/load-config.js';
import type { DeliveredEvent, EventEnvelope } from '../../ports/events.js';
import { describeContract, secureKafkaEngine, waitFor } from '../../testing/index.js';
import { KafkaEventBus } from './kafka-event-bus.js';
import { readKafkaSecurity, type KafkaSaslMechanism } from './kafka-security.js';

jest.setTimeout(90_000);

const secure = {
  caFile: process.env.KAFKA_SECURE_CA_FILE ?? '',
  username: process.env.KAFKA_SECURE_USERNAME ?? '',
  password: process.env.KAFKA_SECURE_PASSWORD ?? '',
};

/** The client as a process opens it: its settings read from the environment, as a deployment sets them. */
async function connect(brokers: string, env: NodeJS.ProcessEnv) {
  const config = loadConfig(engineConfigSchema, { KAFKA_BROKERS: brokers, ...env });
  return KafkaEventBus.connect({
    brokers: brokers.split(','),
    clientId: 'security-test',
    security: await readKafkaSecurity(kafkaSecurityFrom(config)),
  });
}

const envelope = (): EventEnvelope => ({
  id: randomUUID(),
  type: 'SecretKept',
  version: 1,
  occurredAt: new Date().toISOString(),
  key: 'k',
  correlationId: 'c',
  payload: { n: 1 },
});

const securedBy = (mechanism: KafkaSaslMechanism) => ({
  name: `kafka over TLS with SASL ${mechanism}`,
  engine: secureKafkaEngine,
  open: (brokers: string) =>
    connect(brokers, {
      KAFKA_TLS_CA_FILE: secure.caFile,
      KAFKA_SASL_MECHANISM: mechanism,
      KAFKA_SASL_USERNAME: secure.username,
      KAFKA_SASL_PASSWORD: secure.password,
    }),
});

await describeContract('kafka security', [securedBy('scram-sha-512'), securedBy('plain')], (kafka) => {
  it('publishes and consumes through the secured listener', async () => {
    const events = await kafka.open();
    const topic = kafka.unique('identity.users');
    const published = envelope();
    await events.publish(topic, [published]);
    const seen: DeliveredEvent[] = [];
    await events.subscribe({
      group: kafka.unique('g'),
      topics: [topic],
      handle: async (event) => void seen.push(event),
    });
    await waitFor(() => seen.length === 1, 30_000, 'the event');
    expect(seen[0]).toEqual({ ...published, topic });
  });
});

/** Connecting must fail: the error it fails with. */
const refusal = (brokers: string, env: NodeJS.ProcessEnv) =>
  connect(brokers, env).then(
    async (bus) => {
      await bus.close();
      throw new Error('it connected');
    },
    (error: unknown) => error as Error,
  );

await describeContract(
  'kafka security refusals',
  // Nothing to open: each test connects (and fails to) itself.
  [
    {
      name: 'kafka over TLS with SASL',
      engine: secureKafkaEngine,
      open: async (brokers: string) => ({ brokers, close: async () => {} }),
    },
  ],
  (kafka) => {
    it('is refused with a wrong password', async () => {
      const { brokers } = await kafka.open();
      const error = await refusal(brokers, {
        KAFKA_TLS_CA_FILE: secure.caFile,
        KAFKA_SASL_MECHANISM: 'scram-sha-512',
        KAFKA_SASL_USERNAME: secure.username,
        KAFKA_SASL_PASSWORD: `${secure.password}-wrong`,
      });
      expect(error.message).toMatch(/SASL (SCRAM SHA512 )?authentication failed/i);
    });

    it('does not trust a broker whose certificate no trusted authority signed', async () => {
      const { brokers } = await kafka.open();
      const error = await refusal(brokers, {
        KAFKA_TLS: 'true',
        KAFKA_SASL_MECHANISM: 'scram-sha-512',
        KAFKA_SASL_USERNAME: secure.username,
        KAFKA_SASL_PASSWORD: secure.password,
      });
      expect(error.message).toMatch(/self[- ]signed certificate/i);
    });
  },
);

it('refuses SASL settings that do not go together, naming the variables', () => {
  const read = (env: NodeJS.ProcessEnv) => kafkaSecurityFrom(loadConfig(engineConfigSchema, env));
  expect(() => read({ KAFKA_SASL_MECHANISM: 'scram-sha-512', KAFKA_SASL_USERNAME: 'tip' })).toThrow(
    /KAFKA_SASL_USERNAME, KAFKA_SASL_PASSWORD: required with KAFKA_SASL_MECHANISM/,
  );
  expect(() => read({ KAFKA_SASL_USERNAME: 'tip', KAFKA_SASL_PASSWORD: 'pw' })).toThrow(ConfigError);
  expect(() => read({ KAFKA_SASL_MECHANISM: 'plain', KAFKA_SASL_USERNAME: 'tip', KAFKA_SASL_PASSWORD: 'pw' })).toThrow(
    /plain sends the password in clear, set KAFKA_TLS=true/,
  );
  expect(() => loadConfig(engineConfigSchema, { KAFKA_SASL_MECHANISM: 'gssapi' })).toThrow(/KAFKA_SASL_MECHANISM/);
  expect(read({})).toEqual({});
  expect(
    read({ KAFKA_TLS: 'true', KAFKA_SASL_MECHANISM: 'plain', KAFKA_SASL_USERNAME: 'tip', KAFKA_SASL_PASSWORD: 'pw' }),
  ).toEqual({
    tls: {},
    sasl: { mechanism: 'plain', username: 'tip', password: 'pw' },
  });
  expect(read({ KAFKA_TLS_CA_FILE: '/etc/kafka/ca.pem' })).toEqual({ tls: { caFile: '/etc/kafka/ca.pem' } });
});

it('reads the CA file, and names the variable when it cannot', async () => {
  const file = join(tmpdir(), `kafka-ca-${randomUUID()}.pem`);
  await writeFile(file, '-----BEGIN CERTIFICATE-----\n');
  expect(await readKafkaSecurity({ tls: { caFile: file } })).toEqual({ tls: { ca: '-----BEGIN CERTIFICATE-----\n' } });
  await expect(readKafkaSecurity({ tls: { caFile: `${file}.missing` } })).rejects.toThrow(
    /KAFKA_TLS_CA_FILE: cannot read .*\.missing/,
  );
});
