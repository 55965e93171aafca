// Apache Kafka from Maven Central: the broker's jars (org.apache.kafka:kafka_2.13 and its runtime dependencies) are
// fetched once into the cache with Maven, then each broker runs on Java 17 in KRaft mode, every node both broker and
// controller. Each broker has three listeners: PLAINTEXT for the tests (KAFKA_BROKERS), SASL_SSL (TLS, with PLAIN and
// SCRAM-SHA-512) for the client's security settings, and its controller's.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { freePort, logMatches, run, startDaemon, stoppingOnFailure, waitUntilReady } from './daemons.mjs';

export const KAFKA_VERSION = '4.1.1';
/** Kafka 4 logs through slf4j 1.7; this binding sends it to log4j 2, so the broker's log says when it has started. */
const SLF4J_BINDING = { groupId: 'org.apache.logging.log4j', artifactId: 'log4j-slf4j-impl', version: '2.24.3' };
const JAVA = process.env.JAVA_HOME ? join(process.env.JAVA_HOME, 'bin', 'java') : 'java';
const KEYTOOL = process.env.JAVA_HOME ? join(process.env.JAVA_HOME, 'bin', 'keytool') : 'keytool';

/** The SASL user the SASL_SSL listener knows, by both mechanisms. */
export const KAFKA_SASL_USER = 'tip';

/**
 * The broker's jars, fetched into `<cache>/kafka-<version>/libs` unless they are there already.
 * @param {string} cacheDir
 * @returns {Promise<string>} the directory holding the jars
 */
export async function fetchKafka(cacheDir) {
  const home = join(cacheDir, `kafka-${KAFKA_VERSION}`);
  const libs = join(home, 'libs');
  const complete = join(home, '.complete');
  if (existsSync(complete)) return libs;
  await rm(home, { recursive: true, force: true });
  await mkdir(home, { recursive: true });
  await writeFile(join(home, 'pom.xml'), runtimePom());
  await run(
    'mvn',
    ['-q', '-B', 'dependency:copy-dependencies', '-DincludeScope=runtime', `-DoutputDirectory=${libs}`],
    {
      cwd: home,
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  await writeFile(complete, `${new Date().toISOString()}\n`);
  return libs;
}

function runtimePom() {
  const dependency = ({ groupId, artifactId, version }) =>
    `<dependency><groupId>${groupId}</groupId><artifactId>${artifactId}</artifactId><version>${version}</version></dependency>`;
  return `<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>tip.engines</groupId><artifactId>kafka-runtime</artifactId><version>1</version><packaging>pom</packaging>
  <dependencies>
    ${dependency({ groupId: 'org.apache.kafka', artifactId: 'kafka_2.13', version: KAFKA_VERSION })}
    ${dependency(SLF4J_BINDING)}
  </dependencies>
</project>
`;
}

/**
 * Formats and starts `count` brokers under `<runDir>/kafka`, returning once each says it has started.
 * @param {{ libs: string, runDir: string, count: number }} options
 */
export async function startKafka({ libs, runDir, count }) {
  const dir = join(runDir, 'kafka');
  await mkdir(dir, { recursive: true });
  const saslPassword = randomBytes(18).toString('base64url');
  const tls = await makeTlsMaterial(dir);
  await writeFile(join(dir, 'log4j2.yaml'), LOG_CONFIG);
  const nodes = [];
  for (let id = 1; id <= count; id += 1) {
    nodes.push({ id, plain: await freePort(), sasl: await freePort(), controller: await freePort() });
  }
  const voters = nodes.map((node) => `${node.id}@127.0.0.1:${node.controller}`).join(',');
  const clusterId = randomBytes(16).toString('base64url');
  const classpath = `${libs}/*`;
  const java = (main, args, extra = []) => [
    '-Xms256m',
    '-Xmx512m',
    `-Dlog4j2.configurationFile=${join(dir, 'log4j2.yaml')}`,
    ...extra,
    '-cp',
    classpath,
    main,
    ...args,
  ];

  const pids = await stoppingOnFailure(async (started) => {
    const brokers = [];
    for (const node of nodes) {
      const nodeDir = join(dir, `broker-${node.id}`);
      await mkdir(nodeDir, { recursive: true });
      const properties = join(nodeDir, 'server.properties');
      await writeFile(properties, serverProperties({ node, voters, count, nodeDir, tls, saslPassword }));
      await run(
        JAVA,
        java('kafka.tools.StorageTool', [
          'format',
          '--cluster-id',
          clusterId,
          '--config',
          properties,
          '--add-scram',
          `SCRAM-SHA-512=[name=${KAFKA_SASL_USER},password=${saslPassword}]`,
        ]),
      );
      const logFile = join(nodeDir, 'broker.log');
      const pid = startDaemon(JAVA, java('kafka.Kafka', [properties]), { logFile, cwd: nodeDir });
      started.push(pid);
      brokers.push({ pid, logFile });
    }
    for (const { pid, logFile } of brokers) {
      await waitUntilReady({
        name: 'kafka',
        pid,
        logFile,
        timeoutMs: 120_000,
        ready: logMatches(logFile, /Kafka Server started/),
      });
    }
    return started;
  });
  const list = (port) => nodes.map((node) => `127.0.0.1:${node[port]}`).join(',');
  return {
    pids,
    listens: `${list('plain')} (PLAINTEXT), ${list('sasl')} (SASL_SSL: PLAIN, SCRAM-SHA-512)`,
    env: {
      KAFKA_BROKERS: list('plain'),
      // The secured listener, for the client's TLS and SASL tests (its settings are KAFKA_TLS_* and KAFKA_SASL_*).
      KAFKA_SECURE_BROKERS: list('sasl'),
      KAFKA_SECURE_CA_FILE: tls.caFile,
      KAFKA_SECURE_USERNAME: KAFKA_SASL_USER,
      KAFKA_SECURE_PASSWORD: saslPassword,
    },
  };
}

/**
 * A self-signed certificate for 127.0.0.1 and localhost in a PKCS#12 keystore for the brokers, and the same
 * certificate as PEM for the clients to trust.
 * @param {string} dir
 */
async function makeTlsMaterial(dir) {
  const keystore = join(dir, 'broker.p12');
  const caFile = join(dir, 'ca.pem');
  const password = randomBytes(18).toString('base64url');
  await rm(keystore, { force: true });
  await run(KEYTOOL, [
    '-genkeypair',
    '-keystore',
    keystore,
    '-storetype',
    'PKCS12',
    '-storepass',
    password,
    '-alias',
    'broker',
    '-keyalg',
    'EC',
    '-groupname',
    'secp256r1',
    '-validity',
    '30',
    '-dname',
    'CN=localhost',
    '-ext',
    'SAN=ip:127.0.0.1,dns:localhost',
  ]);
  const { stdout } = await run(KEYTOOL, [
    '-exportcert',
    '-rfc',
    '-keystore',
    keystore,
    '-storepass',
    password,
    '-alias',
    'broker',
  ]);
  await writeFile(caFile, stdout);
  return { keystore, password, caFile };
}

function serverProperties({ node, voters, count, nodeDir, tls, saslPassword }) {
  const replication = Math.min(count, 3);
  const plainJaas =
    'org.apache.kafka.common.security.plain.PlainLoginModule required ' + `user_${KAFKA_SASL_USER}="${saslPassword}";`;
  return `process.roles=broker,controller
node.id=${node.id}
controller.quorum.voters=${voters}
controller.listener.names=CONTROLLER
listeners=PLAINTEXT://127.0.0.1:${node.plain},SASL_SSL://127.0.0.1:${node.sasl},CONTROLLER://127.0.0.1:${node.controller}
advertised.listeners=PLAINTEXT://127.0.0.1:${node.plain},SASL_SSL://127.0.0.1:${node.sasl}
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT,SASL_SSL:SASL_SSL
inter.broker.listener.name=PLAINTEXT
log.dirs=${join(nodeDir, 'data')}
num.partitions=${count > 1 ? 3 : 1}
default.replication.factor=${replication}
min.insync.replicas=${Math.max(1, replication - 1)}
offsets.topic.replication.factor=${replication}
transaction.state.log.replication.factor=${replication}
transaction.state.log.min.isr=${Math.max(1, replication - 1)}
group.initial.rebalance.delay.ms=0
sasl.enabled.mechanisms=PLAIN,SCRAM-SHA-512
listener.name.sasl_ssl.plain.sasl.jaas.config=${plainJaas}
listener.name.sasl_ssl.scram-sha-512.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required;
ssl.keystore.type=PKCS12
ssl.keystore.location=${tls.keystore}
ssl.keystore.password=${tls.password}
ssl.key.password=${tls.password}
`;
}

const LOG_CONFIG = `Configuration:
  Appenders:
    Console:
      name: STDOUT
      PatternLayout:
        pattern: "[%d] %p %m (%c)%n"
  Loggers:
    Root:
      level: INFO
      AppenderRef:
        - ref: STDOUT
`;
