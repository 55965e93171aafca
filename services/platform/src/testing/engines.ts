import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
// A type only: testcontainers is loaded on demand, when no URL or local server serves the suite.
import type * as TestcontainersModule from 'testcontainers';
import { freePort, spawnNode } from './processes.js';
import { scaled } from './time-scale.js';

type Testcontainers = typeof TestcontainersModule;

/** An engine a contract suite talks to: a URL (or, for embedded adapters, a scratch directory). */
export interface RunningEngine {
  url: string;
  stop(): Promise<void>;
}

/** Either a way to start the engine, or the reason it cannot be reached here. */
export type EngineResolution = { start(): Promise<RunningEngine> } | { skip: string };
export type EngineSource = () => Promise<EngineResolution>;

/** Embedded adapters need only a scratch directory, removed afterwards. */
export const embeddedEngine: EngineSource = async () => ({
  start: async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tip-contract-'));
    return { url: dir, stop: () => rm(dir, { recursive: true, force: true }) };
  },
});

interface ExternalEngineSpec {
  /** The variable that points the suite at a running engine. */
  envVar: string;
  /** Turns the variable's value into the URL the adapter factory reads (default: the value itself). */
  fromEnv?: (value: string) => string;
  /** A server this machine can start itself when the variable is unset: an installed binary or npm package. */
  local?: { available(): boolean; start(): Promise<RunningEngine> };
  /** A throwaway container, when a Docker engine is reachable. */
  container?(testcontainers: Testcontainers): Promise<RunningEngine>;
  /** Where the variable comes from, for the line that says why the suite skips. */
  setBy?: string;
}

/** A real engine: the URL in its variable if set, else a local server, else a container, else a reason to skip. */
export function externalEngine(spec: ExternalEngineSpec): EngineSource {
  return async () => {
    const value = process.env[spec.envVar];
    if (value) {
      const url = spec.fromEnv ? spec.fromEnv(value) : value;
      return { start: async () => ({ url, stop: async () => {} }) };
    }
    const local = spec.local;
    if (local?.available()) return { start: () => local.start() };
    const unset = `${spec.envVar} is unset${spec.setBy ? ` (${spec.setBy} sets it)` : ''}`;
    const container = spec.container;
    if (!container) return { skip: unset };
    const docker = await dockerRuntime();
    if ('skip' in docker) return { skip: `${unset} and ${docker.skip}` };
    return { start: () => container(docker.testcontainers) };
  };
}

let docker: Promise<{ testcontainers: Testcontainers } | { skip: string }> | undefined;

function dockerRuntime(): Promise<{ testcontainers: Testcontainers } | { skip: string }> {
  docker ??= (async () => {
    let testcontainers: Testcontainers;
    try {
      testcontainers = await import('testcontainers');
    } catch (error) {
      return { skip: `testcontainers does not load on Node ${process.version} (${(error as Error).message})` };
    }
    try {
      await testcontainers.getContainerRuntimeClient();
    } catch {
      return { skip: 'no Docker engine is reachable for testcontainers' };
    }
    return { testcontainers };
  })();
  return docker;
}

function containerEngine(started: { stop(): Promise<unknown> }, url: string): RunningEngine {
  return { url, stop: async () => void (await started.stop()) };
}

export const mongoEngine = externalEngine({
  envVar: 'MONGO_URL',
  setBy: 'npm run engines:start',
  async container({ GenericContainer, Wait }) {
    const started = await new GenericContainer('mongo:7')
      .withExposedPorts(27017)
      .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
      .start();
    return containerEngine(started, `mongodb://${started.getHost()}:${started.getMappedPort(27017)}`);
  },
});

const REDIS_SERVER = '/usr/bin/redis-server';

export const redisEngine = externalEngine({
  envVar: 'REDIS_URL',
  local: { available: () => existsSync(REDIS_SERVER), start: () => startLocalRedis(REDIS_SERVER) },
  async container({ GenericContainer, Wait }) {
    const started = await new GenericContainer('redis:7-alpine')
      .withExposedPorts(6379)
      .withWaitStrategy(Wait.forLogMessage(/Ready to accept connections/))
      .start();
    return containerEngine(started, `redis://${started.getHost()}:${started.getMappedPort(6379)}`);
  },
});

/**
 * The S3 server's URL carries its credentials: http://ACCESS:SECRET@host:port. Without S3_ENDPOINT, a local S3 server
 * (s3rver, a devDependency) stands in for it: the adapter's requests, signatures included, go over real HTTP.
 */
export const minioEngine = externalEngine({
  envVar: 'S3_ENDPOINT',
  fromEnv(value) {
    const url = new URL(value);
    url.username = process.env.S3_ACCESS_KEY ?? '';
    url.password = process.env.S3_SECRET_KEY ?? '';
    return url.toString();
  },
  local: { available: () => resolves(S3_SERVER_PACKAGE), start: startLocalS3 },
  async container({ GenericContainer, Wait }) {
    // The S3 server compose runs (MinIO publishes no images any more).
    const started = await new GenericContainer('chrislusf/seaweedfs:4.44')
      .withCommand(['server', '-s3'])
      .withEnvironment({ AWS_ACCESS_KEY_ID: 'contract', AWS_SECRET_ACCESS_KEY: 'contract-secret' })
      .withExposedPorts(8333)
      .withWaitStrategy(Wait.forHttp('/healthz', 8333))
      .start();
    return containerEngine(
      started,
      `http://contract:contract-secret@${started.getHost()}:${started.getMappedPort(8333)}`,
    );
  },
});

export const kafkaEngine = externalEngine({
  envVar: 'KAFKA_BROKERS',
  setBy: 'npm run engines:start',
  async container({ GenericContainer, Wait }) {
    // The broker must advertise the address clients use, so it listens on the same port inside and outside.
    const port = await freePort();
    const started = await new GenericContainer('apache/kafka:3.9.1')
      .withEnvironment({
        KAFKA_NODE_ID: '1',
        KAFKA_PROCESS_ROLES: 'broker,controller',
        KAFKA_LISTENERS: `PLAINTEXT://:${port},CONTROLLER://:9093`,
        KAFKA_ADVERTISED_LISTENERS: `PLAINTEXT://localhost:${port}`,
        KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
        KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
        KAFKA_CONTROLLER_QUORUM_VOTERS: '1@localhost:9093',
        KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
        KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
        KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '1',
        KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
      })
      .withExposedPorts({ container: port, host: port })
      .withWaitStrategy(Wait.forLogMessage(/Kafka Server started/))
      .start();
    return containerEngine(started, `localhost:${port}`);
  },
});

/**
 * A Kafka listener with TLS and SASL (PLAIN and SCRAM-SHA-512), as `npm run engines:start` configures one: its
 * brokers in KAFKA_SECURE_BROKERS, the certificate to trust in KAFKA_SECURE_CA_FILE, the user in
 * KAFKA_SECURE_USERNAME and KAFKA_SECURE_PASSWORD.
 */
export const secureKafkaEngine = externalEngine({ envVar: 'KAFKA_SECURE_BROKERS', setBy: 'npm run engines:start' });

/**
 * A redis-server of the suite's own, when one is installed: one it may kill and start again on the same port (an
 * outage), which REDIS_URL's shared server is not.
 */
export function ownRedisServer(): { start(port?: number): Promise<RunningEngine> } | { skip: string } {
  if (!existsSync(REDIS_SERVER)) return { skip: `${REDIS_SERVER} is not installed` };
  return { start: (port) => startLocalRedis(REDIS_SERVER, port) };
}

async function startLocalRedis(binary: string, chosenPort?: number): Promise<RunningEngine> {
  const port = chosenPort ?? (await freePort());
  const child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    await waitForOutput(child, /Ready to accept connections/, 10_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return { url: `redis://127.0.0.1:${port}`, stop: () => stopChild(child) };
}

const S3_SERVER_PACKAGE = '@20minutes/s3rver';
/** Through the package's `src`, so the script resolves from the source (jest) and from the build (`dist/testing`). */
const S3_SERVER_SCRIPT = fileURLToPath(new URL('../../src/testing/s3-server.mjs', import.meta.url));

/** s3-server.mjs on a free port, with a scratch directory for its buckets that goes when it stops. */
async function startLocalS3(): Promise<RunningEngine> {
  const [port, dir] = await Promise.all([freePort(), mkdtemp(join(tmpdir(), 'tip-s3-'))]);
  const running = spawnNode(S3_SERVER_SCRIPT, { PATH: process.env.PATH }, { args: [String(port), dir] });
  const stop = async (signal: NodeJS.Signals) => {
    await running.stop(signal, 5_000);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await waitForOutput(running.child, /S3 server ready/, 10_000);
  } catch (error) {
    await stop('SIGKILL');
    throw error;
  }
  // s3rver's one account: it checks each request's signature with this key pair.
  return { url: `http://S3RVER:S3RVER@127.0.0.1:${port}`, stop: () => stop('SIGTERM') };
}

/** Whether an npm package is installed where this file can import it (devDependencies may not be). */
function resolves(specifier: string): boolean {
  try {
    createRequire(import.meta.url).resolve(specifier);
    return true;
  } catch {
    return false;
  }
}

/** Resolves once the child prints `pattern`; fails after the budget, scaled for this machine. */
function waitForOutput(child: ChildProcess, pattern: RegExp, budgetMs: number): Promise<void> {
  const timeoutMs = scaled(budgetMs);
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error(`no ${pattern} within ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (pattern.test(output)) done();
    };
    const onExit = (code: number | null) => fail(new Error(`exited with ${code} before ${pattern}:\n${output}`));
    const cleanup = () => {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onData);
      child.off('exit', onExit);
      child.off('error', fail);
    };
    function done() {
      cleanup();
      resolve();
    }
    function fail(error: Error) {
      cleanup();
      reject(error);
    }
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
    child.once('error', fail);
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
