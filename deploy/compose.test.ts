// What can be checked about the distributed shape on a machine without Docker or a cluster: the files' structure, that
// every variable they set is one a config schema reads (and that the values pass it), and that the health checks work.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as grpc from '@grpc/grpc-js';
import { HealthImplementation } from 'grpc-health-check';
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, parseAllDocuments } from 'yaml';
import type { z } from 'zod';
import { engineConfigSchema, kafkaSecurityFrom, loadConfig, COMPACTED_TOPICS, type CallerPolicy } from '@tip/platform';
import { scaled } from '@tip/platform/testing';
import { CONTENT_CALLERS, CONTENT_POSTS_TOPIC, CONTENT_SERVICE_NAME } from '@tip/content/contract';
import {
  IDENTITY_CALLERS,
  IDENTITY_SERVICE_NAME,
  IDENTITY_SESSIONS_TOPIC,
  IDENTITY_USERS_TOPIC,
} from '@tip/identity/contract';
import { MESSAGING_CALLERS, MESSAGING_MESSAGES_TOPIC, MESSAGING_SERVICE_NAME } from '@tip/messaging/contract';
import {
  MODERATION_FEEDBACK_TOPIC,
  MODERATION_POSTS_TOPIC,
  MODERATION_REPORTS_TOPIC,
  MODERATION_SERVICE_NAME,
  MODERATION_VERIFICATIONS_TOPIC,
} from '@tip/moderation/contract';
import {
  NOTIFICATIONS_CALLERS,
  NOTIFICATIONS_MEMBERS_TOPIC,
  NOTIFICATIONS_SERVICE_NAME,
} from '@tip/notifications/contract';
import { WALLET_CALLERS, WALLET_LEDGER_TOPIC, WALLET_SERVICE_NAME } from '@tip/wallet/contract';
import { identityConfigSchema, readIdentityConfig } from '../services/identity/src/config.js';
import { readWalletConfig, stripeSettings, walletConfigSchema } from '../services/wallet/src/config.js';
import { contentConfigSchema, readContentConfig } from '../services/content/src/config.js';
import { messagingConfigSchema, readMessagingConfig } from '../services/messaging/src/config.js';
import { moderationConfigSchema, readModerationConfig } from '../services/moderation/src/config.js';
import { notificationsConfigSchema, readNotificationsConfig } from '../services/notifications/src/config.js';
import { standaloneBffConfigSchema } from '../bff/src/config.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** What the deploy files must agree with about a workspace that runs as a service. */
interface Workspace {
  /** The schema its process reads its environment with: the variables it knows. */
  schema: z.ZodObject;
  /** How its process reads its environment: the schema and the rules across variables; throws ConfigError. */
  read: (env: NodeJS.ProcessEnv) => unknown;
  /**
   * For a gRPC service: the name it registers with the health service, the variable giving its callers its address,
   * and who calls it (the bff, and the services its caller policy admits).
   */
  grpc?: { service: string; addressVariable: string; callers: string[] };
}

/** The bff and every caller a service's policy admits to any of its methods: who must reach it. */
const callersOf = (policy: CallerPolicy = {}) => [...new Set(['bff', ...Object.values(policy).flat()])].sort();

/** Every workspace the deploy files run; a service built from a workspace not listed fails. */
const workspaces: Record<string, Workspace> = {
  'services/identity': {
    schema: identityConfigSchema,
    read: readIdentityConfig,
    grpc: { service: IDENTITY_SERVICE_NAME, addressVariable: 'IDENTITY_ADDR', callers: callersOf(IDENTITY_CALLERS) },
  },
  'services/wallet': {
    schema: walletConfigSchema,
    read: readWalletConfig,
    grpc: { service: WALLET_SERVICE_NAME, addressVariable: 'WALLET_ADDR', callers: callersOf(WALLET_CALLERS) },
  },
  'services/content': {
    schema: contentConfigSchema,
    read: readContentConfig,
    grpc: { service: CONTENT_SERVICE_NAME, addressVariable: 'CONTENT_ADDR', callers: callersOf(CONTENT_CALLERS) },
  },
  'services/messaging': {
    schema: messagingConfigSchema,
    read: readMessagingConfig,
    grpc: { service: MESSAGING_SERVICE_NAME, addressVariable: 'MESSAGING_ADDR', callers: callersOf(MESSAGING_CALLERS) },
  },
  'services/moderation': {
    schema: moderationConfigSchema,
    read: readModerationConfig,
    grpc: { service: MODERATION_SERVICE_NAME, addressVariable: 'MODERATION_ADDR', callers: callersOf() },
  },
  'services/notifications': {
    schema: notificationsConfigSchema,
    read: readNotificationsConfig,
    grpc: {
      service: NOTIFICATIONS_SERVICE_NAME,
      addressVariable: 'NOTIFICATIONS_ADDR',
      callers: callersOf(NOTIFICATIONS_CALLERS),
    },
  },
  bff: { schema: standaloneBffConfigSchema, read: (env) => loadConfig(standaloneBffConfigSchema, env) },
};

/**
 * What the deploy files run from a workspace besides its service: the same image in another role, chosen by one
 * variable, which no one calls (no address for callers, no Kubernetes Service, no caller a NetworkPolicy admits). The
 * service itself then leaves that role to it (`serviceValue`).
 */
interface OtherRole {
  workspace: string;
  variable: string;
  value: string;
  serviceValue: string;
}
const otherRoles: Record<string, OtherRole> = {
  // Content's media worker: the ffmpeg and sharp work apart from the API, scaled on its own.
  'media-worker': { workspace: 'services/content', variable: 'MEDIA_WORKER', value: 'only', serviceValue: 'separate' },
};

type EnvironmentValue = string | number | boolean | null;

interface ComposeService {
  image?: string;
  build?: string | { context?: string; dockerfile?: string; args?: Record<string, string> };
  environment?: Record<string, EnvironmentValue> | string[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: { test?: string | string[]; disable?: boolean };
  deploy?: { replicas?: number; resources?: { limits?: { cpus?: string; memory?: string } } };
  ports?: string[];
  volumes?: string[];
  /** 'no' for a one-shot job (the Kafka topics): what waits for it waits for it to complete. */
  restart?: string;
  /** Set for the optional tools (`--profile observability`), which the platform does not need. */
  profiles?: string[];
  command?: string[];
}

interface ComposeFile {
  services: Record<string, ComposeService>;
}

const composeText = read('docker-compose.yml');
const compose = parse(composeText, { merge: true }) as ComposeFile;
const allServices = Object.entries(compose.services);
/** The platform: every service but the optional tools of a profile. */
const services = allServices.filter(([, service]) => service.profiles === undefined);
/** The observability profile's tools. */
const observability = allServices.filter(([, service]) => service.profiles?.includes('observability'));

/** An env file's KEY=VALUE pairs, as compose and `kubectl create secret --from-env-file` read them. */
const envFile = (path: string): Record<string, string> =>
  Object.fromEntries(
    read(path)
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
/** deploy/env.example as KEY=VALUE pairs, its secrets still the change-me placeholders. */
const exampleFile = envFile('deploy/env.example');
/** What `.env` holds for local use: the example with its secrets changed, as its first line asks. */
const exampleEnv: Record<string, string> = Object.fromEntries(
  Object.entries(exampleFile).map(([key, value]) => [
    key,
    value.startsWith('change-me') ? `own-${key.toLowerCase()}-${'x'.repeat(32)}` : value,
  ]),
);

/** Compose's interpolation: $$, $NAME, ${NAME}, ${NAME:-default}, ${NAME-default}, ${NAME:?error}, ${NAME?error}. */
function interpolate(value: string, vars: Record<string, string>): string {
  return value.replace(
    /\$(\$|\{([A-Za-z_]\w*)(?:(:?)([-?])([^}]*))?\}|([A-Za-z_]\w*))/g,
    (_match, dollar: string, braced?: string, colon?: string, operator?: string, operand?: string, bare?: string) => {
      if (dollar === '$') return '$';
      const name = braced ?? bare ?? '';
      const current = vars[name];
      const missing = current === undefined || (colon === ':' && current === '');
      if (!missing) return current;
      if (operator === '?') throw new Error(`${name} is required: ${operand ?? ''}`);
      return operator === '-' ? (operand ?? '') : '';
    },
  );
}

function environmentOf(service: ComposeService): Record<string, string> {
  const { environment } = service;
  if (!environment) return {};
  if (Array.isArray(environment)) {
    return Object.fromEntries(
      environment.map((entry) => (entry.includes('=') ? entry.split(/=(.*)/s).slice(0, 2) : [entry, ''])),
    );
  }
  return Object.fromEntries(Object.entries(environment).map(([key, value]) => [key, value === null ? '' : `${value}`]));
}

const workspaceOf = (service: ComposeService) =>
  typeof service.build === 'object' ? service.build.args?.WORKSPACE : undefined;
const appServices = services.filter(([, service]) => workspaceOf(service) !== undefined);

function workspaceInfo(workspace: string): Workspace {
  const info = workspaces[workspace];
  if (!info) throw new Error(`workspace ${workspace} is not listed in deploy/compose.test.ts`);
  return info;
}
const schemaFor = (workspace: string) => workspaceInfo(workspace).schema;

/** A workspace's gRPC entry as one of its services runs it: in another role, nobody calls it. */
const grpcOf = (name: string, workspace: string) => {
  const grpc = workspaceInfo(workspace).grpc;
  return grpc && name in otherRoles ? { ...grpc, callers: [] } : grpc;
};

/** The gRPC app services: their compose name and block, and their workspace's gRPC entry. */
const grpcServices = appServices.flatMap(([name, service]) => {
  const grpc = grpcOf(name, workspaceOf(service) ?? '');
  return grpc ? [{ name, compose: service, ...grpc }] : [];
});
const bffService = appServices.find(([, service]) => workspaceOf(service) === 'bff');

const isJob = (service: ComposeService) => service.restart === 'no';
const dependencies = (service: ComposeService): [string, string | undefined][] =>
  Array.isArray(service.depends_on)
    ? service.depends_on.map((name) => [name, undefined])
    : Object.entries(service.depends_on ?? {}).map(([name, options]) => [name, options.condition]);

const healthCommand = (service: ComposeService): string[] => {
  const test = service.healthcheck?.test;
  return Array.isArray(test) ? test : test ? ['CMD-SHELL', test] : [];
};

/** Hosts a value points at: URLs (comma-separated lists too) and host:port pairs. */
function hostsIn(value: string): string[] {
  return value.split(',').flatMap((part) => {
    const item = part.trim();
    if (item.includes('://')) return [new URL(item).hostname];
    const hostPort = /^([A-Za-z0-9.-]+):\d+$/.exec(item);
    return hostPort?.[1] ? [hostPort[1]] : [];
  });
}
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '0.0.0.0']);

/** The environment an app container gets: the compose values (with env.example's settings) plus the image's ENV. */
const NODE_ENV = /\bNODE_ENV=(\w+)/.exec(read('deploy/Dockerfile'))?.[1];
function containerEnvironment(service: ComposeService): Record<string, string> {
  const values = Object.entries(environmentOf(service)).map(([key, value]) => [key, interpolate(value, exampleEnv)]);
  return { ...(NODE_ENV ? { NODE_ENV } : {}), ...Object.fromEntries(values) };
}

/** Runs a health check command the way the container would (exec form), from the repository root. */
function exitCode(command: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [program, ...args] = command;
  return new Promise((resolve, reject) => {
    execFile(
      program === 'node' ? process.execPath : (program ?? ''),
      args,
      { cwd: root, env, timeout: scaled(15_000) },
      (error) => {
        if (!error) resolve(0);
        else if (typeof error.code === 'number') resolve(error.code);
        else reject(error);
      },
    );
  });
}

/** Runs a shell script of deploy/ with only the environment given (and PATH); its exit code and what it wrote to stderr. */
function runScript(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; stderr: string }>((resolve, reject) =>
    execFile(
      'sh',
      [join(root, script), ...args],
      { env: { PATH: process.env.PATH, ...env } },
      (error, _out, stderr) => {
        if (!error) resolve({ code: 0, stderr });
        else if (typeof error.code === 'number') resolve({ code: error.code, stderr });
        else reject(error);
      },
    ),
  );
}

/** A stand-in program that appends its name and arguments, one call a line, to `log`. */
function standIn(path: string, log: string) {
  writeFileSync(path, `#!/bin/sh\necho "$(basename "$0") $*" >> ${log}\n`, { mode: 0o755 });
}

/** A Java properties file's settings (the lines the scripts write: key=value, no continuation). */
const properties = (text: string): Record<string, string> =>
  Object.fromEntries(
    text
      .split('\n')
      .filter((line) => line.includes('=') && !line.startsWith('#'))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );

/** Runs deploy/compose/s3-identities.sh with the s3 service's command, the image's entrypoint a stand-in. */
async function runS3Identities(env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'tip-s3-identities-'));
  try {
    const log = join(dir, 'calls.log');
    standIn(join(dir, 'entrypoint.sh'), log);
    const path = join(dir, 's3.json');
    const command = compose.services.s3?.command ?? [];
    const run = await runScript('deploy/compose/s3-identities.sh', command, {
      ...env,
      S3_CONFIG_FILE: path,
      S3_ENTRYPOINT: join(dir, 'entrypoint.sh'),
    });
    const written = existsSync(path) ? readFileSync(path, 'utf8') : '{"identities":[]}';
    const json = JSON.parse(written) as {
      identities: { name: string; credentials: { accessKey: string; secretKey: string }[]; actions: string[] }[];
    };
    const args = existsSync(log) ? (readFileSync(log, 'utf8').trim().split(' ').slice(1) ?? []) : [];
    return { ...run, config: { path, json }, args };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs deploy/compose/mongo-keyfile.sh with mongod's command, the image's entrypoint a stand-in. */
async function runMongoKeyfile(env: Record<string, string>, command: string[]) {
  const dir = mkdtempSync(join(tmpdir(), 'tip-mongo-keyfile-'));
  try {
    const log = join(dir, 'calls.log');
    standIn(join(dir, 'entrypoint.sh'), log);
    const keyfile = join(dir, 'keyfile');
    const run = await runScript('deploy/compose/mongo-keyfile.sh', command, {
      ...env,
      MONGO_KEYFILE_PATH: keyfile,
      MONGO_ENTRYPOINT: join(dir, 'entrypoint.sh'),
    });
    const written = existsSync(keyfile);
    return {
      ...run,
      key: written ? readFileSync(keyfile, 'utf8') : undefined,
      mode: written ? statSync(keyfile).mode & 0o777 : undefined,
      args: existsSync(log) ? readFileSync(log, 'utf8').trim().split(' ').slice(1) : [],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs deploy/compose/kafka-broker.sh against stand-ins of Kafka's storage tool and server. */
async function runKafkaBroker(env: Record<string, string>) {
  const home = mkdtempSync(join(tmpdir(), 'tip-kafka-broker-'));
  try {
    const log = join(home, 'calls.log');
    mkdirSync(join(home, 'bin'));
    standIn(join(home, 'bin/kafka-storage.sh'), log);
    standIn(join(home, 'bin/kafka-server-start.sh'), log);
    const dir = join(home, 'config');
    const run = await runScript('deploy/compose/kafka-broker.sh', [], {
      ...env,
      KAFKA_HOME: home,
      KAFKA_CONFIG_DIR: dir,
    });
    const file = (name: string) => (existsSync(join(dir, name)) ? readFileSync(join(dir, name), 'utf8') : '');
    return {
      ...run,
      dir,
      calls: existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [],
      server: properties(file('server.properties')),
      client: properties(file('client.properties')),
    };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

describe('deploy/k8s/base/kafka-topics.sh', () => {
  /** Runs the script against stand-ins of Kafka's tools that log their arguments and say `partitions` per topic. */
  /** Each call's line, and after a call given --command-config, that file's lines joined by `|`. */
  function run(partitions: number, env: Record<string, string> = {}): Promise<string[]> {
    const bin = mkdtempSync(join(tmpdir(), 'tip-kafka-bin-'));
    const log = join(bin, 'calls.log');
    const tool = (name: string) =>
      writeFileSync(
        join(bin, name),
        `#!/bin/sh\necho "${name} $*" >> ${log}\n` +
          `prev=; for arg in "$@"; do [ "$prev" = --command-config ] && { tr '\\n' '|' < "$arg"; echo; } >> ${log}; prev="$arg"; done\n` +
          `case "$*" in *--describe*) echo "Topic: x PartitionCount: ${partitions} ReplicationFactor: 1";; esac\n`,
        { mode: 0o755 },
      );
    tool('kafka-topics.sh');
    tool('kafka-configs.sh');
    return new Promise((resolve, reject) =>
      execFile(
        'sh',
        [join(root, 'deploy/k8s/base/kafka-topics.sh'), 'kafka:9092', '6', '3'],
        { env: { ...process.env, ...env, KAFKA_BIN: bin } },
        (error) => {
          if (error) reject(error);
          else resolve(readFileSync(log, 'utf8').trim().split('\n'));
          rmSync(bin, { recursive: true, force: true });
        },
      ),
    );
  }

  it('creates every topic with the partitions and replicas asked, grows a smaller one, and compacts the users’ topics', async () => {
    const calls = await run(1);
    const created = calls.filter((call) => call.includes('--create'));
    expect(created).toHaveLength(10);
    for (const call of created) expect(call).toContain('--partitions 6 --replication-factor 3');
    expect(calls.filter((call) => call.includes('--alter --topic'))).toHaveLength(10);
    const compacted = calls.filter((call) => call.startsWith('kafka-configs.sh'));
    expect(compacted.map((call) => /--entity-name (\S+)/.exec(call)?.[1]).sort()).toEqual([...COMPACTED_TOPICS].sort());
  });

  it('signs every call in with the services’ SASL settings when they are set, and with none otherwise', async () => {
    const calls = await run(6, {
      KAFKA_SASL_MECHANISM: 'scram-sha-512',
      KAFKA_SASL_USERNAME: 'tip',
      KAFKA_SASL_PASSWORD: 'secret-1',
    });
    const tools = calls.filter((call) => call.startsWith('kafka-'));
    const configs = calls.filter((call) => !call.startsWith('kafka-'));
    expect(tools.length).toBeGreaterThan(0);
    for (const call of tools) expect(call).toMatch(/ --command-config \S+ /);
    expect(configs).toHaveLength(tools.length);
    for (const config of configs) {
      expect(config.split('|').filter((line) => line !== '')).toEqual([
        'security.protocol=SASL_PLAINTEXT',
        'sasl.mechanism=SCRAM-SHA-512',
        'sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username="tip" password="secret-1";',
      ]);
    }
    const plain = await run(6);
    expect(plain.filter((call) => call.includes('--command-config'))).toEqual([]);
  });

  it('leaves a topic that has its partitions already (running again changes nothing)', async () => {
    const calls = await run(6);
    expect(calls.filter((call) => call.includes('--alter --topic'))).toEqual([]);
  });
});

describe('docker-compose.yml', () => {
  it('makes every topic, with its partitions and replicas, and the topics about users compacted ones, before the services start', () => {
    const script = read('deploy/k8s/base/kafka-topics.sh');
    const list = (name: string) => new RegExp(`^${name}="([^"]+)"`, 'm').exec(script)?.[1]?.split(/\s+/).sort();
    expect(list('compacted')).toEqual([...COMPACTED_TOPICS].sort());
    // Every topic a service publishes to, with a stated partition count and replication factor.
    expect(list('topics')).toEqual(
      [
        IDENTITY_USERS_TOPIC,
        IDENTITY_SESSIONS_TOPIC,
        WALLET_LEDGER_TOPIC,
        CONTENT_POSTS_TOPIC,
        MESSAGING_MESSAGES_TOPIC,
        MODERATION_VERIFICATIONS_TOPIC,
        MODERATION_POSTS_TOPIC,
        MODERATION_REPORTS_TOPIC,
        MODERATION_FEEDBACK_TOPIC,
        NOTIFICATIONS_MEMBERS_TOPIC,
      ].sort(),
    );
    expect(script).toContain('--partitions "$partitions" --replication-factor "$replication"');
    expect(compose.services['kafka-topics']?.command).toEqual(['/bin/sh', '/kafka-topics.sh', 'kafka:9092', '6', '1']);
    expect(read('deploy/k8s/base/kafka-topics.yaml')).toContain(
      "command: ['/bin/sh', '/scripts/kafka-topics.sh', '$(KAFKA_BROKERS)', '6', '3']",
    );
    expect(script).toContain('cleanup.policy=compact');
    const job = compose.services['kafka-topics'];
    expect(job?.volumes).toContain('./deploy/k8s/base/kafka-topics.sh:/kafka-topics.sh:ro');
    for (const [name] of appServices) {
      expect(dependencies(compose.services[name] ?? {})).toContainEqual([
        'kafka-topics',
        'service_completed_successfully',
      ]);
    }
    // Kubernetes runs the same script in a Job, from a ConfigMap the kustomization generates from the file.
    const kustomization = parse(read('deploy/k8s/base/kustomization.yaml')) as {
      resources: string[];
      configMapGenerator: { name: string; files: string[] }[];
    };
    expect(kustomization.resources).toContain('kafka-topics.yaml');
    expect(kustomization.configMapGenerator).toContainEqual({ name: 'kafka-topics', files: ['kafka-topics.sh'] });
    const jobText = read('deploy/k8s/base/kafka-topics.yaml');
    expect(jobText).toMatch(/configMap:\s+name: kafka-topics/);
  });

  it('gives every service an image or a build, and a health check (a one-shot job needs none)', () => {
    expect(services.length).toBeGreaterThan(0);
    const problems = services.flatMap(([name, service]) => [
      ...(service.image || service.build ? [] : [`${name}: neither image nor build`]),
      ...((healthCommand(service).length > 1 && !service.healthcheck?.disable) || isJob(service)
        ? []
        : [`${name}: no health check`]),
    ]);
    expect(problems).toEqual([]);
  });

  it('depends only on services that exist, with health checks where it waits for them to be healthy', () => {
    const problems = services.flatMap(([name, service]) =>
      dependencies(service).flatMap(([target, condition]) => {
        const dependency = compose.services[target];
        if (!dependency) return [`${name} depends on unknown ${target}`];
        if (condition === 'service_healthy' && healthCommand(dependency).length < 2) {
          return [`${name} waits for ${target} to be healthy, but ${target} has no health check`];
        }
        if (isJob(dependency) !== (condition === 'service_completed_successfully')) {
          return [`${name} waits for ${target} with ${condition}`];
        }
        return [];
      }),
    );
    expect(problems).toEqual([]);
    for (const [name] of appServices) {
      const waits = dependencies(compose.services[name] ?? {});
      expect(
        waits.every(([target, condition]) =>
          isJob(compose.services[target] ?? {})
            ? condition === 'service_completed_successfully'
            : condition === 'service_healthy',
        ),
      ).toBe(true);
    }
  });

  it('refuses to start in production with env.example’s change-me secrets, naming each', () => {
    const placeholders = Object.keys(exampleFile).filter((key) => exampleFile[key]?.startsWith('change-me'));
    expect(placeholders.sort()).toEqual([
      'ADMIN_PASSWORD',
      'GRAFANA_ADMIN_PASSWORD',
      'KAFKA_SASL_PASSWORD',
      'MONGO_APP_PASSWORD',
      'MONGO_KEYFILE',
      'MONGO_ROOT_PASSWORD',
      'REDIS_PASSWORD',
      'S3_CONTENT_SECRET_KEY',
      'S3_IDENTITY_SECRET_KEY',
      'SERVICE_TOKEN_SECRET',
      'SESSION_SECRET',
    ]);
    const identity = compose.services.identity ?? {};
    const asCopied = Object.fromEntries(
      Object.entries(environmentOf(identity)).map(([key, value]) => [key, interpolate(value, exampleFile)]),
    );
    expect(() => readIdentityConfig({ NODE_ENV: 'production', ...asCopied })).toThrow(
      /SERVICE_TOKEN_SECRET: still the example's change-me placeholder[\s\S]*ADMIN_PASSWORD|ADMIN_PASSWORD[\s\S]*SERVICE_TOKEN_SECRET/,
    );
  });

  it('asks a password of every Redis client, signs Grafana in with its admin password only, and publishes observability on loopback', () => {
    const redis = compose.services.redis ?? {};
    const password = exampleEnv.REDIS_PASSWORD ?? '';
    expect(redis.command?.map((part) => interpolate(part, exampleEnv))).toEqual(
      expect.arrayContaining(['--requirepass', password]),
    );
    for (const [, service] of appServices) {
      const url = containerEnvironment(service).REDIS_URL;
      if (url !== undefined) expect(new URL(url).password).toBe(password);
    }
    const grafana = environmentOf(compose.services.grafana ?? {});
    expect(grafana.GF_AUTH_ANONYMOUS_ENABLED).toBe('false');
    expect(interpolate(grafana.GF_SECURITY_ADMIN_PASSWORD ?? '', exampleEnv)).toBe(exampleEnv.GRAFANA_ADMIN_PASSWORD);
    expect(() => interpolate(grafana.GF_SECURITY_ADMIN_PASSWORD ?? '', {})).toThrow(/GRAFANA_ADMIN_PASSWORD/);
    for (const [, service] of observability) {
      for (const published of service.ports ?? []) expect(String(published)).toMatch(/^127\.0\.0\.1:/);
    }
  });

  it('reads only variables that deploy/env.example documents, and starts with its settings', () => {
    const used = new Set([...composeText.matchAll(/\$\{([A-Za-z_]\w*)/g)].map((match) => match[1]));
    expect([...used].filter((name) => name !== undefined && !(name in exampleEnv))).toEqual([]);
    // Interpolation throws on a ${NAME:?...} that env.example leaves unset.
    for (const [, service] of services) containerEnvironment(service);
  });

  it('builds the app services from the one Dockerfile, each from a workspace of the root package.json', () => {
    const rootWorkspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    expect(appServices.map(([name]) => name).sort()).toEqual([
      'bff',
      'content',
      'identity',
      'media-worker',
      'messaging',
      'moderation',
      'notifications',
      'wallet',
    ]);
    // One service per listed workspace (besides its other roles): a workspace listed here but never deployed is a
    // forgotten compose block.
    const ownServices = appServices.filter(([name]) => !(name in otherRoles));
    expect(ownServices.map(([, service]) => workspaceOf(service)).sort()).toEqual(Object.keys(workspaces).sort());
    for (const [name, role] of Object.entries(otherRoles))
      expect({ name, workspace: workspaceOf(compose.services[name] ?? {}) }).toEqual({
        name,
        workspace: role.workspace,
      });
    for (const [, service] of appServices) {
      expect(service.build).toMatchObject({ context: '.', dockerfile: 'deploy/Dockerfile' });
      expect(rootWorkspaces).toContain(workspaceOf(service));
    }
  });

  it('sets for each app service only variables its config schema reads', () => {
    const unread = appServices.flatMap(([name, service]) => {
      const keys = Object.keys(schemaFor(workspaceOf(service) ?? '').shape);
      return Object.keys(environmentOf(service))
        .filter((variable) => !keys.includes(variable))
        .map((variable) => `${name}: ${variable}`);
    });
    expect(unread).toEqual([]);
  });

  it('gives each app service values its config schema accepts', () => {
    for (const [name, service] of appServices) {
      const { read } = workspaceInfo(workspaceOf(service) ?? '');
      const problem = (() => {
        try {
          read(containerEnvironment(service));
          return undefined;
        } catch (error) {
          return error instanceof Error ? error.message : String(error);
        }
      })();
      expect({ name, problem }).toEqual({ name, problem: undefined });
    }
  });

  it("passes the host's Stripe keys through to the wallet, which runs the demo provider while they are empty", () => {
    const wallet = compose.services.wallet ?? {};
    const keys = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY'];
    for (const key of keys) expect(exampleEnv[key]).toBe('');
    expect(stripeSettings(readWalletConfig(containerEnvironment(wallet)))).toBeUndefined();

    const hostKeys = {
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
    };
    const withKeys = Object.fromEntries(
      Object.entries(environmentOf(wallet)).map(([key, value]) => [
        key,
        interpolate(value, { ...exampleEnv, ...hostKeys }),
      ]),
    );
    expect(stripeSettings(readWalletConfig(withKeys))).toMatchObject({
      secretKey: 'sk_test_1',
      webhookSecret: 'whsec_1',
      publishableKey: 'pk_test_1',
    });
  });

  it("passes the host's POST_APPROVAL through to content, which moderates new posts by default", () => {
    const content = compose.services.content ?? {};
    expect(exampleEnv.POST_APPROVAL).toBe('moderated');
    expect(readContentConfig(containerEnvironment(content)).POST_APPROVAL).toBe('moderated');
    const withHost = (vars: Record<string, string>) =>
      Object.fromEntries(Object.entries(environmentOf(content)).map(([key, value]) => [key, interpolate(value, vars)]));
    // Unset on the host (no .env line): still moderated.
    const { POST_APPROVAL: _unset, ...withoutSetting } = exampleEnv;
    expect(readContentConfig(withHost(withoutSetting)).POST_APPROVAL).toBe('moderated');
    expect(readContentConfig(withHost({ ...exampleEnv, POST_APPROVAL: 'immediate' })).POST_APPROVAL).toBe('immediate');
    // Anything else is a configuration error that names the variable.
    expect(() => readContentConfig(withHost({ ...exampleEnv, POST_APPROVAL: 'later' }))).toThrow(/POST_APPROVAL/);
  });

  it('points the app services only at hosts that are compose services', () => {
    const unknown = appServices.flatMap(([name, service]) =>
      Object.entries(containerEnvironment(service)).flatMap(([variable, value]) =>
        hostsIn(value)
          .filter((host) => !LOCAL_HOSTS.has(host) && !(host in compose.services))
          .map((host) => `${name}: ${variable} -> ${host}`),
      ),
    );
    expect(unknown).toEqual([]);
  });

  it('checks each gRPC service on the port it listens on, asking about the service name it registers', () => {
    expect(grpcServices.map(({ name }) => name).sort()).toEqual([
      'content',
      'identity',
      'media-worker',
      'messaging',
      'moderation',
      'notifications',
      'wallet',
    ]);
    for (const { name, compose: service, service: registered } of grpcServices) {
      const listenPort = environmentOf(service).GRPC_PORT;
      expect({ name, listenPort }).toEqual({ name, listenPort: expect.stringMatching(/^\d+$/) });
      const [kind, program, script, address, asked, ...rest] = healthCommand(service);
      expect({ name, command: [kind, program, script, address], rest }).toEqual({
        name,
        command: ['CMD', 'node', 'deploy/grpc-health.mjs', `127.0.0.1:${listenPort}`],
        rest: [],
      });
      // Without a name the check asks about the whole server; a name must be the one the service registers.
      if (asked !== undefined) expect({ name, asked }).toEqual({ name, asked: registered });
    }
    // The wallet's, content's, messaging's, moderation's and notifications' checks name their service.
    expect(healthCommand(compose.services.wallet ?? {})[4]).toBe(WALLET_SERVICE_NAME);
    expect(healthCommand(compose.services.content ?? {})[4]).toBe(CONTENT_SERVICE_NAME);
    expect(healthCommand(compose.services['media-worker'] ?? {})[4]).toBe(CONTENT_SERVICE_NAME);
    expect(healthCommand(compose.services.messaging ?? {})[4]).toBe(MESSAGING_SERVICE_NAME);
    expect(healthCommand(compose.services.moderation ?? {})[4]).toBe(MODERATION_SERVICE_NAME);
    expect(healthCommand(compose.services.notifications ?? {})[4]).toBe(NOTIFICATIONS_SERVICE_NAME);
  });

  it("gives each gRPC service's callers its address, on the port it listens on, and waits for it to be healthy", () => {
    const problems = grpcServices.flatMap(({ name, compose: service, addressVariable, callers }) => {
      const expected = `${name}:${environmentOf(service).GRPC_PORT}`;
      return callers.flatMap((callerName) => {
        const caller = compose.services[callerName] ?? {};
        const actual = environmentOf(caller)[addressVariable];
        const waitsFor = new Map(dependencies(caller));
        return [
          ...(actual === expected ? [] : [`${callerName}: ${addressVariable} is ${actual}, not ${expected}`]),
          ...(waitsFor.get(name) === 'service_healthy'
            ? []
            : [`${callerName} does not wait for ${name} to be healthy`]),
        ];
      });
    });
    expect(problems).toEqual([]);
    expect(workspaceInfo('services/wallet').grpc?.callers).toEqual(['bff', 'content', 'messaging']);
  });

  it('gives the bff and every gRPC service the one SERVICE_TOKEN_SECRET, which .env must set', () => {
    const secrets = appServices.map(([name, service]) => ({
      name,
      value: environmentOf(service).SERVICE_TOKEN_SECRET,
    }));
    expect(secrets).toEqual(
      appServices.map(([name]) => ({ name, value: expect.stringMatching(/^\$\{SERVICE_TOKEN_SECRET:\?[^}]+\}$/) })),
    );
    // env.example's is long enough for the schemas (checked above), and not the session secret.
    expect(exampleEnv.SERVICE_TOKEN_SECRET).not.toBe(exampleEnv.SESSION_SECRET);
    const { SERVICE_TOKEN_SECRET: _unset, ...withoutSecret } = exampleEnv;
    for (const { value } of secrets)
      expect(() => interpolate(value ?? '', withoutSecret)).toThrow(/SERVICE_TOKEN_SECRET/);
  });

  it('runs two or more bff replicas behind the gateway, which alone publishes a port beyond the machine', () => {
    const bff = bffService;
    expect(bff?.[1].deploy?.replicas).toBeGreaterThanOrEqual(2);
    const nginx = read('deploy/nginx.conf');
    expect(/^\s*server\s+([\w.-]+):3000\b/m.exec(nginx)?.[1]).toBe(bff?.[0]);
    const listen = /^\s*listen\s+(\d+)\s*;/m.exec(nginx)?.[1];
    const published = services.filter(([, service]) => (service.ports ?? []).length > 0);
    expect(published.map(([name]) => name)).toEqual(['mailpit', 'gateway']);
    // The mail catcher's page shows every mail sent, links to reset passwords included: this machine only.
    expect(compose.services.mailpit?.ports).toEqual(['127.0.0.1:8025:8025']);
    expect(compose.services.mailpit?.image).toMatch(/^axllent\/mailpit:v\d+\.\d+\.\d+$/);
    expect(environmentOf(compose.services.identity ?? {}).SMTP_URL).toBe('${SMTP_URL:-smtp://mailpit:1025}');
    const gateway = compose.services.gateway ?? {};
    expect(gateway.volumes).toContain('./deploy/nginx.conf:/etc/nginx/nginx.conf:ro');
    expect(gateway.ports?.map((port) => port.split(':').at(-1))).toEqual([listen]);
  });

  it('gives the object store to identity, content and its media worker only, each service its own keys and bucket', () => {
    const withS3 = appServices
      .filter(([, service]) => Object.keys(environmentOf(service)).some((variable) => variable.startsWith('S3_')))
      .map(([name]) => name);
    expect(withS3.sort()).toEqual(['content', 'identity', 'media-worker']);
    const s3Of = (name: string) => {
      const { S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY, S3_BUCKET } = containerEnvironment(
        compose.services[name] ?? {},
      );
      return { S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY, S3_BUCKET };
    };
    const identity = s3Of('identity');
    const content = s3Of('content');
    // The media worker is content's other role: content's keys and bucket.
    expect(s3Of('media-worker')).toEqual(content);
    for (const own of [identity, content]) expect(own.S3_ENDPOINT).toBe('http://s3:8333');
    expect(identity.S3_ACCESS_KEY).not.toBe(content.S3_ACCESS_KEY);
    expect(identity.S3_SECRET_KEY).not.toBe(content.S3_SECRET_KEY);
    expect(identity.S3_BUCKET).not.toBe(content.S3_BUCKET);
    // The s3 service is given each service's keys with that service's bucket.
    const s3 = containerEnvironment(compose.services.s3 ?? {});
    expect(s3).toMatchObject({
      S3_IDENTITY_BUCKET: identity.S3_BUCKET,
      S3_IDENTITY_ACCESS_KEY: identity.S3_ACCESS_KEY,
      S3_IDENTITY_SECRET_KEY: identity.S3_SECRET_KEY,
      S3_CONTENT_BUCKET: content.S3_BUCKET,
      S3_CONTENT_ACCESS_KEY: content.S3_ACCESS_KEY,
      S3_CONTENT_SECRET_KEY: content.S3_SECRET_KEY,
    });
    expect(compose.services.s3?.volumes).toContain('./deploy/compose/s3-identities.sh:/s3-identities.sh:ro');
  });

  it('runs SeaweedFS with one identity per service, allowed on its own bucket alone (deploy/compose/s3-identities.sh)', async () => {
    const s3 = containerEnvironment(compose.services.s3 ?? {});
    const { code, config, args } = await runS3Identities(s3);
    expect(code).toBe(0);
    // The image's entrypoint gets the service's command, then the identities file.
    expect(args).toEqual([...(compose.services.s3?.command ?? []), `-s3.config=${config.path}`]);
    const identities = config.json.identities;
    expect(identities.map((identity) => identity.name).sort()).toEqual(['content', 'identity']);
    for (const identity of identities) {
      const prefix = identity.name.toUpperCase();
      expect(identity.credentials).toEqual([
        { accessKey: s3[`S3_${prefix}_ACCESS_KEY`], secretKey: s3[`S3_${prefix}_SECRET_KEY`] },
      ]);
      // Every action names the service's bucket: none is unscoped (an unscoped "Read" reaches every bucket).
      const bucket = s3[`S3_${prefix}_BUCKET`] ?? '';
      expect(identity.actions.length).toBeGreaterThan(0);
      for (const action of identity.actions) expect(action).toMatch(new RegExp(`^[A-Za-z]+:${bucket}$`));
    }
    // Both services with one key, or a key that JSON would need escaped, are refused.
    const shared = await runS3Identities({ ...s3, S3_CONTENT_ACCESS_KEY: s3.S3_IDENTITY_ACCESS_KEY ?? '' });
    expect(shared).toMatchObject({ code: 1, stderr: expect.stringContaining('keys of its own') });
    const quoted = await runS3Identities({ ...s3, S3_CONTENT_SECRET_KEY: 'a"b' });
    expect(quoted).toMatchObject({ code: 1, stderr: expect.stringContaining('S3_CONTENT_SECRET_KEY') });
  });

  it('asks a password of every MongoDB client: a key file for the members, the services as their own user of rs0', async () => {
    const mongo = compose.services.mongo ?? {};
    const mongod = mongo.command ?? [];
    const replicaSet = mongod[mongod.indexOf('--replSet') + 1];
    const keyFile = mongod[mongod.indexOf('--keyFile') + 1];
    expect(replicaSet).toBe('rs0');
    expect(keyFile).toMatch(/^\//);
    const init = containerEnvironment(compose.services['mongo-init'] ?? {});
    for (const [, service] of appServices) {
      const url = new URL(containerEnvironment(service).MONGO_URL ?? '');
      expect({
        user: url.username,
        password: url.password,
        database: url.pathname,
        authSource: url.searchParams.get('authSource'),
        replicaSet: url.searchParams.get('replicaSet'),
      }).toEqual({
        user: init.MONGO_APP_USERNAME,
        password: exampleEnv.MONGO_APP_PASSWORD,
        database: `/${init.MONGO_APP_DATABASE}`,
        authSource: 'admin',
        replicaSet,
      });
    }
    // The root password is mongo's and mongo-init's alone; the services wait for mongo-init to have made their user.
    const root = containerEnvironment(mongo).MONGO_INITDB_ROOT_PASSWORD;
    expect(root).toBe(exampleEnv.MONGO_ROOT_PASSWORD);
    expect(init.MONGO_ROOT_PASSWORD).toBe(root);
    for (const [, service] of appServices) expect(Object.values(containerEnvironment(service))).not.toContain(root);
    expect(dependencies(compose.services.identity ?? {})).toContainEqual([
      'mongo-init',
      'service_completed_successfully',
    ]);
    expect(init.MONGO_REPLICA_MEMBERS).toBe('mongo:27017');
    expect(compose.services['mongo-init']?.volumes).toContain('./deploy/k8s/mongodb/mongo-init.js:/mongo-init.js:ro');
    const script = read('deploy/k8s/mongodb/mongo-init.js');
    expect(script).toContain(`_id: '${replicaSet}'`);
    expect(script).toContain("role: 'readWrite', db: database");

    // The key file: written from MONGO_KEYFILE for mongod's user alone, then the image's entrypoint runs the command.
    const key = 'a'.repeat(24);
    const run = await runMongoKeyfile({ MONGO_KEYFILE: key }, mongod);
    expect(run).toMatchObject({ code: 0, key, mode: 0o400, args: mongod });
    const placeholder = await runMongoKeyfile({ MONGO_KEYFILE: exampleFile.MONGO_KEYFILE ?? '' }, mongod);
    expect(placeholder).toMatchObject({ code: 1, stderr: expect.stringContaining('MONGO_KEYFILE') });
  });

  it('asks every Kafka client for SCRAM-SHA-512: the services, the topics job and the broker’s health check', async () => {
    const password = exampleEnv.KAFKA_SASL_PASSWORD ?? '';
    for (const [name, service] of [...appServices, ['kafka-topics', compose.services['kafka-topics'] ?? {}] as const]) {
      const env = containerEnvironment(service);
      expect({
        name,
        mechanism: env.KAFKA_SASL_MECHANISM,
        user: env.KAFKA_SASL_USERNAME,
        password: env.KAFKA_SASL_PASSWORD,
      }).toEqual({
        name,
        mechanism: 'scram-sha-512',
        user: 'tip',
        password,
      });
    }
    const kafka = compose.services.kafka ?? {};
    const broker = await runKafkaBroker(containerEnvironment(kafka));
    expect(broker.code).toBe(0);
    // The storage is formatted with the services' user, then the broker starts on the configuration written.
    const [format, start] = broker.calls;
    expect(format).toContain('kafka-storage.sh format --ignore-formatted');
    expect(format).toContain(`--add-scram SCRAM-SHA-512=[name=tip,password=${password}]`);
    expect(start).toBe(`kafka-server-start.sh ${broker.dir}/server.properties`);
    // Every listener asks for SASL, but the controller's, which listens on loopback alone.
    const listeners = (broker.server.listeners ?? '').split(',');
    expect(listeners.filter((listener) => !listener.startsWith('SASL_PLAINTEXT://'))).toEqual([
      'CONTROLLER://127.0.0.1:9093',
    ]);
    expect(broker.server['sasl.enabled.mechanisms']).toBe('SCRAM-SHA-512');
    expect(broker.server['listener.name.sasl_plaintext.scram-sha-512.sasl.jaas.config']).toContain(
      `username="tip" password="${password}"`,
    );
    // The health check signs in with the client settings the script writes.
    expect(healthCommand(kafka).join(' ')).toContain('--command-config /tmp/kafka/client.properties');
    expect(broker.client).toMatchObject({ 'security.protocol': 'SASL_PLAINTEXT', 'sasl.mechanism': 'SCRAM-SHA-512' });
    // A password that the JAAS settings would need quoted is refused.
    const quoted = await runKafkaBroker({ ...containerEnvironment(kafka), KAFKA_SASL_PASSWORD: 'a"b' });
    expect(quoted).toMatchObject({ code: 1, stderr: expect.stringContaining('KAFKA_SASL_PASSWORD') });
  });

  it('pins every image to a patch release, with no floating tag', () => {
    const floating = allServices.flatMap(([name, service]) => {
      const image = service.image ?? '';
      if (service.build) return []; // built here from the Dockerfile, whose base is pinned by digest
      if (image.includes('@sha256:')) return [];
      const tag = image.split(':')[1] ?? '';
      // SeaweedFS numbers its releases major.minor (4.44): that pair is its patch release.
      const patch = image.startsWith('chrislusf/seaweedfs:') ? /^\d+\.\d+$/ : /^v?\d+\.\d+\.\d+(-[a-z0-9.]+)?$/;
      return patch.test(tag) ? [] : [`${name}: ${image}`];
    });
    expect(floating).toEqual([]);
  });

  it('runs each other role of a workspace as a service of its own, which the service leaves that role to', () => {
    for (const [name, role] of Object.entries(otherRoles)) {
      const worker = compose.services[name] ?? {};
      const owner = appServices.find(
        ([candidate, service]) => !(candidate in otherRoles) && workspaceOf(service) === role.workspace,
      );
      expect({ name, image: worker.image }).toEqual({ name, image: owner?.[1].image });
      const { read } = workspaceInfo(role.workspace);
      const setting = (service: ComposeService) =>
        (read(containerEnvironment(service)) as Record<string, unknown>)[role.variable];
      expect({ name, role: setting(worker), service: setting(owner?.[1] ?? {}) }).toEqual({
        name,
        role: role.value,
        service: role.serviceValue,
      });
      // Nobody waits for it or is given its address.
      const waiting = appServices.filter(([, service]) => dependencies(service).some(([target]) => target === name));
      expect({ name, waiting }).toEqual({ name, waiting: [] });
    }
    // The media worker is CPU-bound: bounded so that the other containers on the machine keep theirs.
    expect(compose.services['media-worker']?.deploy?.resources?.limits).toEqual({
      cpus: expect.stringMatching(/^\d+(\.\d+)?$/),
      memory: expect.stringMatching(/^\d+[MG]$/),
    });
  });

  it('has an observability profile whose Prometheus scrapes every process on its METRICS_PORT', () => {
    expect(observability.map(([name]) => name).sort()).toEqual(['grafana', 'jaeger', 'otel-collector', 'prometheus']);
    expect(allServices.length).toBe(services.length + observability.length);
    // Every mounted file or folder exists.
    for (const [, service] of observability) {
      for (const volume of service.volumes ?? []) expect(existsSync(join(root, volume.split(':')[0] ?? ''))).toBe(true);
    }
    const prometheus = parse(read('deploy/observability/prometheus.yml')) as {
      scrape_configs: { static_configs: { targets: string[] }[] }[];
    };
    const targets = prometheus.scrape_configs.flatMap((job) => job.static_configs.flatMap((config) => config.targets));
    const port = environmentOf(services.find(([name]) => name === 'bff')?.[1] ?? {}).METRICS_PORT;
    expect(targets.sort()).toEqual(appServices.map(([name]) => `${name}:${port}`).sort());
    // Prometheus is another container: each process listens on every interface of its own (loopback by default).
    for (const [name, service] of appServices)
      expect([name, environmentOf(service).METRICS_HOST]).toEqual([name, '0.0.0.0']);
  });

  it('sends every process’s traces to the profile’s collector once .env names it (as env.example says), else none', () => {
    const collector = parse(read('deploy/observability/otel-collector.yml')) as {
      receivers: { otlp: { protocols: { http: { endpoint: string } } } };
      service: { pipelines: { traces: { receivers: string[] } } };
    };
    expect(collector.service.pipelines.traces.receivers).toContain('otlp');
    const endpoint = `http://otel-collector:${collector.receivers.otlp.protocols.http.endpoint.split(':').at(-1)}`;
    expect(read('deploy/env.example')).toContain(`#   OTEL_EXPORTER_OTLP_ENDPOINT=${endpoint}\n`);
    for (const [, service] of appServices) {
      const setting = environmentOf(service).OTEL_EXPORTER_OTLP_ENDPOINT ?? '';
      const endpointWith = (env: Record<string, string>) =>
        loadConfig(engineConfigSchema, { OTEL_EXPORTER_OTLP_ENDPOINT: interpolate(setting, env) })
          .OTEL_EXPORTER_OTLP_ENDPOINT;
      expect(endpointWith(exampleEnv)).toBeUndefined();
      expect(endpointWith({ ...exampleEnv, OTEL_EXPORTER_OTLP_ENDPOINT: endpoint })).toBe(`${endpoint}/`);
    }
  });
});

/** Whether Go is on this machine: deploy/compose-config needs it to read the compose file as Docker Compose does. */
const haveGo = spawnSync('go', ['version']).status === 0;
if (!haveGo) process.stderr.write('docker-compose.yml as Docker Compose reads it: SKIPPED, no Go on this machine\n');

(haveGo ? describe : describe.skip)(
  'docker-compose.yml as Docker Compose reads it (compose-go: deploy/compose-config)',
  () => {
    let dir: string;
    let program: string;

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'tip-compose-config-'));
      program = join(dir, 'compose-config');
      // The first build downloads compose-go through the Go module proxy; later ones come from Go's caches.
      await new Promise<void>((resolve, reject) =>
        execFile('go', ['build', '-o', program, '.'], { cwd: join(root, 'deploy/compose-config') }, (error) =>
          error ? reject(error) : resolve(),
        ),
      );
    }, scaled(300_000));

    afterAll(() => {
      rmSync(dir, { recursive: true, force: true });
    });

    /** Loads the compose file with `vars` as its env file and every profile; the resolved project, or the refusal. */
    function load(vars: Record<string, string>) {
      const envFile = join(dir, 'tip.env');
      writeFileSync(
        envFile,
        Object.entries(vars)
          .map(([key, value]) => `${key}=${value}\n`)
          .join(''),
      );
      return new Promise<{
        services?: Record<string, { environment?: Record<string, string | null> }>;
        error?: string;
      }>((resolve, reject) =>
        execFile(program, [join(root, 'docker-compose.yml'), envFile, 'observability'], (error, stdout, stderr) => {
          if (!error)
            resolve(
              JSON.parse(stdout) as { services: Record<string, { environment?: Record<string, string | null> }> },
            );
          else if (typeof error.code === 'number') resolve({ error: stderr });
          else reject(error);
        }),
      );
    }

    it('loads every service and profile with env.example’s settings, giving each app service the environment this suite reads', async () => {
      const project = await load(exampleEnv);
      expect(project.error).toBeUndefined();
      expect(Object.keys(project.services ?? {}).sort()).toEqual(allServices.map(([name]) => name).sort());
      for (const [name, service] of appServices) {
        const { NODE_ENV: _image, ...expected } = containerEnvironment(service);
        const resolved = Object.fromEntries(
          Object.entries(project.services?.[name]?.environment ?? {}).map(([key, value]) => [key, value ?? '']),
        );
        expect({ name, environment: resolved }).toEqual({ name, environment: expected });
      }
    });

    it('refuses to load without a secret the engines need, naming it', async () => {
      for (const secret of ['MONGO_APP_PASSWORD', 'KAFKA_SASL_PASSWORD', 'S3_CONTENT_SECRET_KEY', 'MONGO_KEYFILE']) {
        const { [secret]: _unset, ...without } = exampleEnv;
        const project = await load(without);
        expect({ secret, error: project.error }).toEqual({
          secret,
          error: expect.stringContaining(`${secret} is missing a value`),
        });
      }
    });
  },
);

describe('compose health checks, run for real', () => {
  /** The command a gRPC service's compose health check runs, pointed at another address. */
  const grpcCheck = (service: ComposeService, address: string): string[] => {
    const [, ...command] = healthCommand(service);
    const listen = `127.0.0.1:${environmentOf(service).GRPC_PORT}`;
    expect(command).toContain(listen);
    return command.map((arg) => (arg === listen ? address : arg));
  };

  describe.each(grpcServices.map((entry) => [entry.name, entry] as const))(
    'gRPC (deploy/grpc-health.mjs) for %s',
    (_name, { compose: service, service: registered }) => {
      let server: grpc.Server;
      let health: HealthImplementation;
      let address: string;
      let command: string[];
      /** What the check asks about: its service name, or the whole server. */
      let asked: string;

      beforeAll(async () => {
        server = new grpc.Server();
        // As the platform's startGrpcServer registers it: the whole server and the service by name.
        health = new HealthImplementation({ '': 'SERVING', [registered]: 'SERVING' });
        health.addToServer(server);
        const port = await new Promise<number>((resolve, reject) =>
          server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) =>
            error ? reject(error) : resolve(bound),
          ),
        );
        address = `127.0.0.1:${port}`;
        // The check targets the port the service listens on; here it targets the test's server instead.
        command = grpcCheck(service, address);
        asked = command[command.indexOf(address) + 1] ?? '';
      });

      afterAll(() => {
        server.forceShutdown();
      });

      it('passes while the server is SERVING', async () => {
        health.setStatus(asked, 'SERVING');
        expect(await exitCode(command)).toBe(0);
      });

      it('fails once the server reports NOT_SERVING', async () => {
        health.setStatus(asked, 'NOT_SERVING');
        expect(await exitCode(command)).toBe(1);
      });

      it('fails when nothing listens', async () => {
        const closed = command.map((arg) => (arg === address ? '127.0.0.1:1' : arg));
        expect(await exitCode(closed)).toBe(1);
      });
    },
  );

  describe('HTTP (the bff)', () => {
    let server: Server;
    let readyStatus = 200;
    let port: number;
    const bff = compose.services.bff ?? {};

    beforeAll(async () => {
      server = createServer((request, response) => {
        response.statusCode = request.url === '/api/ready' ? readyStatus : 404;
        response.end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    });

    afterAll(async () => {
      await new Promise((resolve) => server.close(resolve));
    });

    const run = () => {
      const [kind, ...command] = healthCommand(bff);
      expect(kind).toBe('CMD');
      return exitCode(command, { ...process.env, PORT: String(port) });
    };

    it('passes while /api/ready answers 200 on PORT', async () => {
      readyStatus = 200;
      expect(await run()).toBe(0);
    });

    it('fails while /api/ready answers 503', async () => {
      readyStatus = 503;
      expect(await run()).toBe(1);
    });
  });
});

describe('deploy/Dockerfile and .dockerignore', () => {
  const dockerfile = read('deploy/Dockerfile');

  it('copies every workspace manifest before npm ci, so the dependency layer stays cached', () => {
    const install = dockerfile.indexOf('RUN npm ci ');
    expect(install).toBeGreaterThan(0);
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    const missing = workspaces.filter((ws) => {
      const copy = dockerfile.indexOf(`COPY ${ws}/package.json ${ws}/\n`);
      return copy < 0 || copy > install;
    });
    expect(missing).toEqual([]);
  });

  it('builds on Node 24, pinned by digest', () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24-[a-z0-9.-]+@sha256:[0-9a-f]{64}$/m);
  });

  // npm 11's `npm ci` (here and in .ci/run) refused a lock without @swc/core's builds for other platforms, and a
  // machine of such a platform would go without its binary; an `npm install` over a node_modules that lacks them does
  // not add them back (npm/cli#4828), so this catches a lock rewritten that way.
  it("installs from a lock that holds every platform's optional binaries", () => {
    const lock = JSON.parse(read('package-lock.json')) as {
      packages: Record<string, { optionalDependencies?: Record<string, string> }>;
    };
    /** Where Node would find `name` from the package at `path`: its own node_modules, then each parent's. */
    const resolves = (path: string, name: string): boolean => {
      for (let base = path; ; base = base.slice(0, Math.max(0, base.lastIndexOf('/node_modules/')))) {
        if (lock.packages[`${base === '' ? '' : `${base}/`}node_modules/${name}`]) return true;
        if (base === '') return false;
      }
    };
    const missing = Object.entries(lock.packages).flatMap(([path, entry]) =>
      Object.keys(entry.optionalDependencies ?? {})
        .filter((name) => !resolves(path, name))
        .map((name) => `${path || '(root)'} -> ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('runs the workspace given at build time as a non-root user', () => {
    expect(dockerfile).toMatch(/^ARG WORKSPACE$/m);
    expect(dockerfile).toMatch(/^USER 1000:1000$/m);
    expect(dockerfile).toContain('CMD ["sh", "-c", "exec node \\"$WORKSPACE/dist/main.js\\""]');
    expect(NODE_ENV).toBe('production');
  });

  it('keeps dependencies, build output and local secrets out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['**/node_modules', '**/dist', '.env', '.git']));
  });
});

interface K8sContainer {
  name: string;
  image: string;
  ports?: { name?: string; containerPort: number }[];
  env?: {
    name: string;
    value?: string;
    valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean } };
  }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  readinessProbe?: K8sProbe;
  livenessProbe?: K8sProbe;
  startupProbe?: K8sProbe;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: { runAsNonRoot?: boolean; readOnlyRootFilesystem?: boolean; allowPrivilegeEscalation?: boolean };
}
type K8sProbe = { grpc?: { port: number; service?: string }; httpGet?: { path: string; port: number | string } };

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  data?: Record<string, string>;
  spec?: {
    replicas?: number;
    serviceName?: string;
    selector?: { matchLabels?: Record<string, string> } & Record<string, string>;
    ports?: { port: number; targetPort?: number | string }[];
    template?: {
      metadata: { labels: Record<string, string> };
      spec: {
        securityContext?: { runAsNonRoot?: boolean };
        containers: K8sContainer[];
        topologySpreadConstraints?: { topologyKey: string }[];
      };
    };
  };
}

interface Autoscaling {
  scaleTargetRef: { apiVersion: string; kind: string; name: string };
  minReplicas: number;
  maxReplicas: number;
  metrics?: { resource?: { name: string } }[];
}
interface DisruptionBudget {
  maxUnavailable?: number;
  selector: LabelSelector;
}

/** Applies one JSON Patch operation (`add`, `replace`) as kustomize does; `-` appends to an array. */
function applyJsonPatch(
  document: Record<string, unknown>,
  operation: { op: 'add' | 'replace'; path: string; value: unknown },
) {
  const keys = operation.path.split('/').slice(1);
  const last = keys.pop() ?? '';
  let node: unknown = document;
  for (const key of keys) node = (node as Record<string, unknown>)[key];
  if (Array.isArray(node) && last === '-') node.push(operation.value);
  else if (node && typeof node === 'object') {
    if (operation.op === 'replace' && !(last in node)) throw new Error(`nothing to replace at ${operation.path}`);
    (node as Record<string, unknown>)[last] = operation.value;
  } else throw new Error(`no such path: ${operation.path}`);
}

interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist'; values?: string[] }[];
}

interface NetworkPolicy {
  metadata: { name: string };
  spec: {
    podSelector: LabelSelector;
    policyTypes?: string[];
    egress?: {
      to?: { podSelector?: LabelSelector; namespaceSelector?: LabelSelector; ipBlock?: { cidr: string } }[];
      ports?: { port?: number | string; protocol?: string }[];
    }[];
    ingress?: {
      from?: { podSelector?: LabelSelector; namespaceSelector?: LabelSelector; ipBlock?: unknown }[];
      ports?: { port?: number | string; protocol?: string }[];
    }[];
  };
}

/** Whether a Kubernetes label selector selects these labels (an empty selector selects everything). */
function selects(selector: LabelSelector, labels: Record<string, string>): boolean {
  const byLabel = Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
  const byExpression = (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
    const value = labels[key];
    if (operator === 'In') return value !== undefined && values.includes(value);
    if (operator === 'NotIn') return value === undefined || !values.includes(value);
    return operator === 'Exists' ? value !== undefined : value === undefined;
  });
  return byLabel && byExpression;
}

describe('deploy/k8s/base (kustomize base)', () => {
  const kustomization = parse(read('deploy/k8s/base/kustomization.yaml')) as { resources: string[] };
  const objects: K8sObject[] = kustomization.resources.flatMap((file) => {
    const documents = parseAllDocuments(read(join('deploy/k8s/base', file)));
    if (!Array.isArray(documents)) throw new Error(`${file} is empty`);
    for (const document of documents) {
      if (document.errors.length > 0) throw new Error(`${file}: ${document.errors.map((e) => e.message).join('; ')}`);
    }
    return documents.map((document) => document.toJS() as K8sObject);
  });
  const deployments = objects.filter((object) => object.kind === 'Deployment');
  /** deploy/k8s/mongodb's objects (the data namespace's replica set). */
  const mongodb: K8sObject[] = (
    parse(read('deploy/k8s/mongodb/kustomization.yaml')) as { resources: string[] }
  ).resources.flatMap((file) =>
    parseAllDocuments(read(join('deploy/k8s/mongodb', file))).map((document) => document.toJS() as K8sObject),
  );
  /** The replica set's name, from mongod's command line. */
  const mongodReplicaSet = () =>
    /--replSet (\S+)/.exec(
      (
        mongodb.find((object) => object.kind === 'StatefulSet')?.spec?.template?.spec.containers[0] as
          { command?: string[] } | undefined
      )?.command?.join(' ') ?? '',
    )?.[1];
  /** The mongodb-init Job's own variables. */
  const mongodbInitEnv = (): Record<string, string> =>
    Object.fromEntries(
      (mongodb.find((object) => object.kind === 'Job')?.spec?.template?.spec.containers[0]?.env ?? []).map(
        (variable) => [variable.name, variable.value ?? ''],
      ),
    );
  const configMaps = new Map(
    objects.filter((object) => object.kind === 'ConfigMap').map((object) => [object.metadata.name, object.data ?? {}]),
  );
  /** The tip-engines-auth Secret as deploy/k8s/engines-auth.example.env shows it (kubectl's --from-env-file). */
  const engineAuth = envFile('deploy/k8s/engines-auth.example.env');
  /** What a container's envFrom brings: a ConfigMap of the base, or the engines' Secret as its example shows it. */
  const envFromKeys = (source: NonNullable<K8sContainer['envFrom']>[number]): string[] | undefined => {
    if (source.secretRef) return source.secretRef.name === 'tip-engines-auth' ? Object.keys(engineAuth) : undefined;
    const data = source.configMapRef ? configMaps.get(source.configMapRef.name) : undefined;
    return data && Object.keys(data);
  };

  /** A Deployment's workspace: the compose app service that builds the same image. */
  const workspaceByImage = new Map(
    appServices.map(([, service]) => [(service.image ?? '').split(':')[0], workspaceOf(service) ?? '']),
  );
  const containersOf = (deployment: K8sObject) => deployment.spec?.template?.spec.containers ?? [];
  const workspaceOfContainer = (container: K8sContainer) => workspaceByImage.get(container.image.split(':')[0]);
  const envValue = (container: K8sContainer | undefined, name: string) =>
    container?.env?.find((variable) => variable.name === name)?.value;
  /** The Service selecting a Deployment's pods. */
  const serviceFor = (deployment: K8sObject) => {
    const labels = deployment.spec?.template?.metadata.labels ?? {};
    return objects.find(
      (object) =>
        object.kind === 'Service' &&
        Object.entries(object.spec?.selector ?? {}).every(([key, value]) => labels[key] === value),
    );
  };

  it('lists resource files that exist and parse as Kubernetes objects', () => {
    expect(kustomization.resources.every((file) => existsSync(join(root, 'deploy/k8s/base', file)))).toBe(true);
    expect(objects.every((object) => object.apiVersion && object.kind && object.metadata.name)).toBe(true);
    expect(deployments.map((deployment) => deployment.metadata.name).sort()).toEqual(
      appServices.map(([name]) => name).sort(),
    );
  });

  /** The objects of one kind, by name. */
  const ofKind = (kind: string) =>
    new Map(objects.filter((object) => object.kind === kind).map((object) => [object.metadata.name, object]));

  it('scales every Deployment with an autoscaler from two pods, lets a drain take one at a time, and spreads them', () => {
    const autoscalers = ofKind('HorizontalPodAutoscaler') as Map<string, K8sObject & { spec: Autoscaling }>;
    const budgets = ofKind('PodDisruptionBudget') as Map<string, K8sObject & { spec: DisruptionBudget }>;
    for (const deployment of deployments) {
      const name = deployment.metadata.name;
      // The autoscaler owns the count: a `replicas` here would reset it at every apply.
      expect({ name, replicas: deployment.spec?.replicas }).toEqual({ name, replicas: undefined });
      const autoscaler = autoscalers.get(name)?.spec;
      expect({ name, target: autoscaler?.scaleTargetRef }).toEqual({
        name,
        target: { apiVersion: 'apps/v1', kind: 'Deployment', name },
      });
      expect(autoscaler?.minReplicas).toBeGreaterThanOrEqual(2);
      expect(autoscaler?.maxReplicas).toBeGreaterThan(autoscaler?.minReplicas ?? 0);
      expect(autoscaler?.metrics?.[0]?.resource?.name).toBe('cpu');
      const budget = budgets.get(name)?.spec;
      expect({ name, maxUnavailable: budget?.maxUnavailable }).toEqual({ name, maxUnavailable: 1 });
      expect(
        selects(
          budget?.selector ?? { matchLabels: { none: 'none' } },
          deployment.spec?.template?.metadata.labels ?? {},
        ),
      ).toBe(true);
      const spread = deployment.spec?.template?.spec.topologySpreadConstraints ?? [];
      expect({ name, keys: spread.map((constraint) => constraint.topologyKey) }).toEqual({
        name,
        keys: ['kubernetes.io/hostname'],
      });
    }
  });

  it('has a small and a large overlay whose patches apply to the base and leave it valid', () => {
    for (const size of ['small', 'large']) {
      const overlay = parse(read(`deploy/k8s/overlays/${size}/kustomization.yaml`)) as {
        resources: string[];
        patches: { target: { kind: string; name: string }; patch: string }[];
      };
      expect(overlay.resources).toEqual(['../../base']);
      // kustomize refuses a resource directory that holds the overlay itself (a cycle).
      const overlayDir = join(root, 'deploy/k8s/overlays', size);
      for (const resource of overlay.resources) {
        expect({ size, resource, holdsOverlay: overlayDir.startsWith(join(overlayDir, resource) + '/') }).toEqual({
          size,
          resource,
          holdsOverlay: false,
        });
      }
      const patched = structuredClone(objects);
      for (const { target, patch } of overlay.patches) {
        const object = patched.find(
          (candidate) => candidate.kind === target.kind && candidate.metadata.name === target.name,
        );
        expect({ size, target, found: object !== undefined }).toEqual({ size, target, found: true });
        for (const operation of parse(patch) as { op: 'add' | 'replace'; path: string; value: unknown }[]) {
          applyJsonPatch(object as unknown as Record<string, unknown>, operation);
        }
      }
      for (const autoscaler of patched.filter((object) => object.kind === 'HorizontalPodAutoscaler')) {
        const { minReplicas, maxReplicas } = autoscaler.spec as unknown as Autoscaling;
        expect({ size, name: autoscaler.metadata.name, valid: minReplicas >= 1 && maxReplicas > minReplicas }).toEqual({
          size,
          name: autoscaler.metadata.name,
          valid: true,
        });
      }
      for (const container of patched.filter((object) => object.kind === 'Deployment').flatMap(containersOf)) {
        const { requests, limits } = container.resources ?? {};
        const mebibytes = (quantity = '0') => Number.parseInt(quantity, 10) * (quantity.endsWith('Gi') ? 1024 : 1);
        expect(mebibytes(requests?.memory)).toBeLessThanOrEqual(mebibytes(limits?.memory));
      }
    }
  });

  it('probes every container on a port it exposes, and runs it non-root, read-only, with resource limits', () => {
    const problems = deployments.flatMap((deployment) => {
      const pod = deployment.spec?.template?.spec;
      if (!pod) return [`${deployment.metadata.name}: no pod template`];
      return pod.containers.flatMap((container) => {
        const where = `${deployment.metadata.name}/${container.name}`;
        const ports = (container.ports ?? []).flatMap((port) => [port.containerPort, port.name]);
        const issues: string[] = [];
        for (const kind of ['startupProbe', 'readinessProbe', 'livenessProbe'] as const) {
          const probe = container[kind];
          const port = probe?.grpc?.port ?? probe?.httpGet?.port;
          if (port === undefined) issues.push(`${where}: no ${kind}`);
          else if (!ports.includes(port)) issues.push(`${where}: ${kind} on unexposed port ${port}`);
        }
        if (!(container.securityContext?.runAsNonRoot ?? pod.securityContext?.runAsNonRoot)) {
          issues.push(`${where}: not runAsNonRoot`);
        }
        if (!container.securityContext?.readOnlyRootFilesystem) issues.push(`${where}: root filesystem writable`);
        if (container.securityContext?.allowPrivilegeEscalation !== false)
          issues.push(`${where}: privilege escalation`);
        if (!container.resources?.requests || !container.resources.limits?.memory)
          issues.push(`${where}: no resources`);
        return issues;
      });
    });
    expect(problems).toEqual([]);
  });

  // https://kubernetes.io/docs/concepts/security/pod-security-standards/ (restricted), for the fields these pods set.
  it('runs every pod (Deployments, the topics Job, MongoDB’s) within Pod Security "restricted"', () => {
    interface RestrictedContext {
      runAsNonRoot?: boolean;
      runAsUser?: number;
      privileged?: boolean;
      allowPrivilegeEscalation?: boolean;
      seccompProfile?: { type: string };
      capabilities?: { drop?: string[]; add?: string[] };
    }
    interface PodSpec {
      securityContext?: RestrictedContext;
      hostNetwork?: boolean;
      hostPID?: boolean;
      hostIPC?: boolean;
      volumes?: Record<string, unknown>[];
      initContainers?: (K8sContainer & { securityContext?: RestrictedContext })[];
      containers: (K8sContainer & { securityContext?: RestrictedContext })[];
    }
    const ALLOWED_VOLUMES = [
      'configMap',
      'csi',
      'downwardAPI',
      'emptyDir',
      'ephemeral',
      'persistentVolumeClaim',
      'projected',
      'secret',
    ];
    const withPods = objects.filter((object) => object.spec?.template);
    expect(withPods.map((object) => object.kind).sort()).toEqual([...deployments.map(() => 'Deployment'), 'Job']);
    // deploy/k8s/mongodb's StatefulSet and Job too.
    const problems = [...withPods, ...mongodb.filter((object) => object.spec?.template)].flatMap((object) => {
      const pod = object.spec?.template?.spec as unknown as PodSpec;
      const issues: string[] = [];
      const where = `${object.kind} ${object.metadata.name}`;
      if (pod.hostNetwork || pod.hostPID || pod.hostIPC) issues.push(`${where}: shares a host namespace`);
      for (const volume of pod.volumes ?? []) {
        const types = Object.keys(volume).filter((key) => key !== 'name');
        if (!types.every((type) => ALLOWED_VOLUMES.includes(type)))
          issues.push(`${where}: volume of type ${types.join(', ')}`);
      }
      for (const container of [...(pod.initContainers ?? []), ...pod.containers]) {
        const at = `${where}/${container.name}`;
        const own = container.securityContext ?? {};
        const inherited = pod.securityContext ?? {};
        if (!(own.runAsNonRoot ?? inherited.runAsNonRoot)) issues.push(`${at}: not runAsNonRoot`);
        if ((own.runAsUser ?? inherited.runAsUser) === 0) issues.push(`${at}: runs as root`);
        const seccomp = (own.seccompProfile ?? inherited.seccompProfile)?.type;
        if (seccomp !== 'RuntimeDefault' && seccomp !== 'Localhost') issues.push(`${at}: seccomp profile ${seccomp}`);
        if (own.privileged) issues.push(`${at}: privileged`);
        if (own.allowPrivilegeEscalation !== false) issues.push(`${at}: privilege escalation allowed`);
        if (!own.capabilities?.drop?.includes('ALL')) issues.push(`${at}: capabilities not dropped`);
        if ((own.capabilities?.add ?? []).some((capability) => capability !== 'NET_BIND_SERVICE'))
          issues.push(`${at}: adds capabilities`);
        if ((container.ports ?? []).some((port) => 'hostPort' in port)) issues.push(`${at}: host port`);
      }
      return issues;
    });
    expect(problems).toEqual([]);
  });

  it('runs the topics Job again on every apply: Kubernetes deletes it once finished, so the next apply creates it', () => {
    const job = objects.find((object) => object.kind === 'Job' && object.metadata.name === 'kafka-topics');
    const spec = job?.spec as { ttlSecondsAfterFinished?: number; template?: { spec: { restartPolicy?: string } } };
    // Short enough that the next deploy finds it gone, long enough to read its outcome after this one.
    expect(spec.ttlSecondsAfterFinished).toBeGreaterThanOrEqual(30);
    expect(spec.ttlSecondsAfterFinished).toBeLessThanOrEqual(300);
    expect(spec.template?.spec.restartPolicy).toBe('OnFailure');
  });

  it('has a Service selecting each Deployment on a named container port, but those of roles no one calls', () => {
    for (const deployment of deployments) {
      const labels = deployment.spec?.template?.metadata.labels ?? {};
      expect(deployment.spec?.selector?.matchLabels).toEqual(labels);
      const service = serviceFor(deployment);
      if (deployment.metadata.name in otherRoles) {
        expect({ name: deployment.metadata.name, service }).toEqual({
          name: deployment.metadata.name,
          service: undefined,
        });
        continue;
      }
      const portNames = containersOf(deployment)
        .flatMap((c) => c.ports ?? [])
        .map((p) => p.name);
      expect(service?.spec?.ports?.every((port) => portNames.includes(`${port.targetPort}`))).toBe(true);
    }
  });

  it('sets for each container only variables its config schema reads, from the ConfigMap and the Secret', () => {
    const unread = deployments.flatMap((deployment) =>
      containersOf(deployment).flatMap((container) => {
        const workspace = workspaceOfContainer(container);
        if (!workspace) return [`${deployment.metadata.name}: image ${container.image} is built by no compose service`];
        const keys = Object.keys(schemaFor(workspace).shape);
        const fromConfigMaps = (container.envFrom ?? []).flatMap(
          (source) => envFromKeys(source) ?? [`(envFrom ${JSON.stringify(source)} names nothing the base knows)`],
        );
        return [...fromConfigMaps, ...(container.env ?? []).map((variable) => variable.name)]
          .filter((variable) => !keys.includes(variable))
          .map((variable) => `${deployment.metadata.name}: ${variable}`);
      }),
    );
    expect(unread).toEqual([]);
  });

  it('probes each gRPC service over gRPC on the port it listens on, asking about the service name it registers', () => {
    const problems = deployments.flatMap((deployment) =>
      containersOf(deployment).flatMap((container) => {
        const grpc = workspaceInfo(workspaceOfContainer(container) ?? '').grpc;
        if (!grpc) return [];
        const where = `${deployment.metadata.name}/${container.name}`;
        const listenPort = Number(envValue(container, 'GRPC_PORT'));
        return (['startupProbe', 'readinessProbe', 'livenessProbe'] as const).flatMap((kind) => {
          const probe = container[kind]?.grpc;
          if (!probe) return [`${where}: ${kind} is not a grpc probe`];
          return [
            ...(probe.port === listenPort ? [] : [`${where}: ${kind} on ${probe.port}, GRPC_PORT is ${listenPort}`]),
            ...(probe.service === undefined || probe.service === grpc.service
              ? []
              : [`${where}: ${kind} asks about ${probe.service}, not ${grpc.service}`]),
          ];
        });
      }),
    );
    expect(problems).toEqual([]);
    // The wallet's, content's, messaging's, moderation's and notifications' probes (startup, readiness, liveness)
    // name their service.
    const named = {
      wallet: WALLET_SERVICE_NAME,
      content: CONTENT_SERVICE_NAME,
      'media-worker': CONTENT_SERVICE_NAME,
      messaging: MESSAGING_SERVICE_NAME,
      moderation: MODERATION_SERVICE_NAME,
      notifications: NOTIFICATIONS_SERVICE_NAME,
    };
    for (const [name, service] of Object.entries(named)) {
      const deployment = deployments.find((candidate) => candidate.metadata.name === name);
      const container = (deployment ? containersOf(deployment) : [])[0];
      const asked = (['startupProbe', 'readinessProbe', 'livenessProbe'] as const).map(
        (kind) => container?.[kind]?.grpc?.service,
      );
      expect({ name, asked }).toEqual({ name, asked: [service, service, service] });
    }
  });

  it("gives each gRPC service's callers its address: its Service, on the port that reaches GRPC_PORT", () => {
    const containerOf = (name: string) =>
      deployments.find((deployment) => deployment.metadata.name === name)?.spec?.template?.spec.containers[0];
    const problems = deployments.flatMap((deployment) =>
      containersOf(deployment).flatMap((container) => {
        const grpc = grpcOf(deployment.metadata.name, workspaceOfContainer(container) ?? '');
        if (!grpc) return [];
        const listenPort = Number(envValue(container, 'GRPC_PORT'));
        const service = serviceFor(deployment);
        const named = new Map((container.ports ?? []).map((port) => [port.name, port.containerPort]));
        const servicePort = service?.spec?.ports?.find((port) => {
          const target = port.targetPort ?? port.port;
          return (typeof target === 'number' ? target : named.get(target)) === listenPort;
        });
        const expected = `${service?.metadata.name}:${servicePort?.port}`;
        return grpc.callers.flatMap((callerName) => {
          const caller = containerOf(callerName);
          const actual = caller && envValue(caller, grpc.addressVariable);
          return actual === expected ? [] : [`${callerName}: ${grpc.addressVariable} is ${actual}, not ${expected}`];
        });
      }),
    );
    expect(problems).toEqual([]);
  });

  it("runs each other role of a workspace as a Deployment of the service's image, which the service leaves it to", () => {
    const containersNamed = (name: string) => {
      const deployment = deployments.find((candidate) => candidate.metadata.name === name);
      return deployment ? containersOf(deployment) : [];
    };
    for (const [name, role] of Object.entries(otherRoles)) {
      const [worker] = containersNamed(name);
      const owner = deployments.find(
        (deployment) =>
          !(deployment.metadata.name in otherRoles) &&
          containersOf(deployment).some((container) => workspaceOfContainer(container) === role.workspace),
      );
      const [service] = owner ? containersOf(owner) : [];
      expect({ name, image: worker?.image }).toEqual({ name, image: service?.image });
      expect({ name, role: envValue(worker, role.variable), service: envValue(service, role.variable) }).toEqual({
        name,
        role: role.value,
        service: role.serviceValue,
      });
    }
    // The media worker asks for a whole core, so that the autoscaler's CPU target means a pod busy transcoding.
    const [mediaWorker] = containersNamed('media-worker');
    expect(mediaWorker?.resources?.requests?.cpu).toBe('1');
  });

  it('takes the Stripe keys from the Secret only optionally, so that the wallet starts with the demo provider', () => {
    const wallet = deployments.find((deployment) => deployment.metadata.name === 'wallet');
    const stripe = (wallet ? containersOf(wallet) : [])
      .flatMap((container) => container.env ?? [])
      .filter((variable) => variable.name.startsWith('STRIPE_'));
    expect(stripe.map((variable) => variable.name).sort()).toEqual([
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
    ]);
    for (const variable of stripe) {
      expect(variable.valueFrom?.secretKeyRef).toEqual({ name: 'tip-secrets', key: variable.name, optional: true });
    }
  });

  it('gives the bff and every gRPC service SERVICE_TOKEN_SECRET from one Secret, never optionally', () => {
    const references = deployments.flatMap((deployment) =>
      containersOf(deployment).map((container) => ({
        name: deployment.metadata.name,
        from: container.env?.find((variable) => variable.name === 'SERVICE_TOKEN_SECRET')?.valueFrom?.secretKeyRef,
      })),
    );
    expect(references.map(({ name }) => name).sort()).toEqual(appServices.map(([name]) => name).sort());
    for (const reference of references) {
      expect(reference).toEqual({
        name: reference.name,
        from: { name: 'tip-service-token', key: 'SERVICE_TOKEN_SECRET' },
      });
    }
  });

  it('takes every engine’s address and credentials from the tip-engines-auth Secret, which asks a password of each', () => {
    // Every pod, the topics Job's too, reads the Secret; no ConfigMap holds a credential (so none overrides it).
    for (const object of objects.filter((candidate) => candidate.spec?.template)) {
      const [container] = object.spec?.template?.spec.containers ?? [];
      expect({ name: object.metadata.name, envFrom: container?.envFrom }).toEqual({
        name: object.metadata.name,
        envFrom: expect.arrayContaining([{ secretRef: { name: 'tip-engines-auth' } }]),
      });
    }
    const credentials = [
      'MONGO_URL',
      'REDIS_URL',
      'KAFKA_SASL_MECHANISM',
      'KAFKA_SASL_USERNAME',
      'KAFKA_SASL_PASSWORD',
    ];
    expect(Object.keys(engineAuth).sort()).toEqual([...credentials].sort());
    for (const data of configMaps.values())
      expect(Object.keys(data).filter((key) => credentials.includes(key))).toEqual([]);
    // The example passes the services' checks, SASL included.
    const config = loadConfig(engineConfigSchema, {
      NODE_ENV: 'development',
      ...configMaps.get('tip-engines'),
      ...engineAuth,
    });
    expect(kafkaSecurityFrom(config).sasl).toEqual({
      mechanism: 'scram-sha-512',
      username: 'tip',
      password: expect.any(String),
    });
    expect(new URL(engineAuth.REDIS_URL ?? '').password).not.toBe('');
    const mongo = new URL(engineAuth.MONGO_URL ?? '');
    expect({
      user: mongo.username,
      password: mongo.password !== '',
      authSource: mongo.searchParams.get('authSource'),
    }).toEqual({ user: 'tip', password: true, authSource: 'admin' });
    // It points at deploy/k8s/mongodb's replica set, through its headless Service, as the user its Job creates.
    const statefulSet = mongodb.find((object) => object.kind === 'StatefulSet');
    const service = mongodb.find((object) => object.kind === 'Service');
    expect(service?.metadata.name).toBe(statefulSet?.spec?.serviceName);
    expect(mongo.host).toBe(`${service?.metadata.name}.data.svc.cluster.local:${service?.spec?.ports?.[0]?.port}`);
    expect(mongo.searchParams.get('replicaSet')).toBe(mongodReplicaSet());
    expect(mongo.pathname).toBe(`/${mongodbInitEnv().MONGO_APP_DATABASE}`);
  });

  it('gives identity, content and its media worker S3 keys from Secrets of their own, and a bucket each', () => {
    const s3 = (name: string) => {
      const deployment = deployments.find((candidate) => candidate.metadata.name === name);
      const [container] = deployment ? containersOf(deployment) : [];
      const secretOf = (key: string) =>
        container?.env?.find((variable) => variable.name === key)?.valueFrom?.secretKeyRef;
      return {
        accessKey: secretOf('S3_ACCESS_KEY'),
        secretKey: secretOf('S3_SECRET_KEY'),
        bucket: envValue(container, 'S3_BUCKET'),
      };
    };
    expect(s3('identity')).toEqual({
      accessKey: { name: 'tip-s3-identity', key: 'S3_ACCESS_KEY' },
      secretKey: { name: 'tip-s3-identity', key: 'S3_SECRET_KEY' },
      bucket: 'tip-identity',
    });
    expect(s3('content')).toEqual({
      accessKey: { name: 'tip-s3-content', key: 'S3_ACCESS_KEY' },
      secretKey: { name: 'tip-s3-content', key: 'S3_SECRET_KEY' },
      bucket: 'tip-content',
    });
    expect(s3('media-worker')).toEqual(s3('content'));
  });

  it('gives the object store to identity, content and its media worker only: its ConfigMap and its keys', () => {
    const media = deployments
      .filter((deployment) =>
        containersOf(deployment).some(
          (container) =>
            (container.envFrom ?? []).some((source) => source.configMapRef?.name === 'tip-media') ||
            (container.env ?? []).some((variable) => variable.name.startsWith('S3_')),
        ),
      )
      .map((deployment) => deployment.metadata.name);
    expect(media.sort()).toEqual(['content', 'identity', 'media-worker']);
    expect(Object.keys(configMaps.get('tip-engines') ?? {}).filter((key) => key.startsWith('S3_'))).toEqual([]);
  });

  it('gives every one the accepted secret of a rotation from the same Secret, optionally (it is set only then)', () => {
    for (const deployment of deployments) {
      for (const container of containersOf(deployment)) {
        const variable = container.env?.find(({ name }) => name === 'SERVICE_TOKEN_ACCEPTED_SECRET');
        expect({ name: deployment.metadata.name, from: variable?.valueFrom?.secretKeyRef }).toEqual({
          name: deployment.metadata.name,
          from: { name: 'tip-service-token', key: 'SERVICE_TOKEN_ACCEPTED_SECRET', optional: true },
        });
      }
    }
  });

  type IngressRule = NonNullable<NetworkPolicy['spec']['ingress']>[number];
  /** The rule that lets Prometheus (a pod named prometheus, in any namespace) scrape the metrics port, and only it. */
  const isMetricsRule = (rule: IngressRule) =>
    (rule.ports ?? []).length > 0 &&
    (rule.ports ?? []).every((port) => port.port === 'metrics' && (port.protocol ?? 'TCP') === 'TCP') &&
    (rule.from ?? []).length > 0 &&
    (rule.from ?? []).every(
      (peer) =>
        !peer.ipBlock &&
        JSON.stringify(peer.podSelector) ===
          JSON.stringify({ matchLabels: { 'app.kubernetes.io/name': 'prometheus' } }),
    );

  it('lets Prometheus scrape every service pod on its metrics port (METRICS_PORT), and nothing else reach it', () => {
    const policies = objects.filter((object) => object.kind === 'NetworkPolicy') as unknown as NetworkPolicy[];
    const metricsPort = Number(configMaps.get('tip-engines')?.METRICS_PORT);
    expect(metricsPort).toBe(9464);
    // Loopback by default: the pods listen on every interface for Prometheus, another pod.
    expect(configMaps.get('tip-engines')?.METRICS_HOST).toBe('0.0.0.0');
    for (const deployment of deployments) {
      const name = deployment.metadata.name;
      const template = deployment.spec?.template as { metadata: { annotations?: Record<string, string> } } | undefined;
      expect({ name, annotations: template?.metadata.annotations }).toEqual({
        name,
        annotations: { 'prometheus.io/scrape': 'true', 'prometheus.io/port': String(metricsPort) },
      });
      const ports = containersOf(deployment).flatMap((container) => container.ports ?? []);
      expect(ports).toContainEqual({ name: 'metrics', containerPort: metricsPort });
      if (name === 'bff') continue;
      const labels = deployment.spec?.template?.metadata.labels ?? {};
      const rules = policies
        .filter((policy) => selects(policy.spec.podSelector, labels))
        .flatMap((policy) => policy.spec.ingress ?? []);
      expect({ name, scraped: rules.some(isMetricsRule) }).toEqual({ name, scraped: true });
    }
  });

  it("admits only its callers' pods to each gRPC service's port (NetworkPolicy), and leaves the bff open", () => {
    const policies = objects.filter((object) => object.kind === 'NetworkPolicy') as unknown as NetworkPolicy[];
    const labelsOf = (deployment: K8sObject) => deployment.spec?.template?.metadata.labels ?? {};
    const bff = deployments.find((deployment) =>
      containersOf(deployment).some((container) => workspaceOfContainer(container) === 'bff'),
    );
    expect(bff).toBeDefined();
    const bffLabels = bff ? labelsOf(bff) : {};
    const problems = deployments.flatMap((deployment) =>
      containersOf(deployment).flatMap((container) => {
        if (!workspaceInfo(workspaceOfContainer(container) ?? '').grpc) return [];
        const name = deployment.metadata.name;
        const callers = grpcOf(name, workspaceOfContainer(container) ?? '')?.callers ?? [];
        const listenPort = Number(envValue(container, 'GRPC_PORT'));
        const grpcPort = (container.ports ?? []).find((port) => port.containerPort === listenPort);
        const portNames = [grpcPort?.containerPort, grpcPort?.name].filter((port) => port !== undefined);
        const selecting = policies.filter(
          (policy) =>
            selects(policy.spec.podSelector, labelsOf(deployment)) &&
            (policy.spec.policyTypes ?? ['Ingress']).includes('Ingress'),
        );
        if (selecting.length === 0) return [`${name}: no NetworkPolicy restricts who reaches it`];
        // Policies add up: every rule of every policy selecting the pods must admit its callers alone, on gRPC alone,
        // and together they must admit every caller.
        const admittedByAll = selecting.flatMap((policy) =>
          (policy.spec.ingress ?? []).flatMap((rule) =>
            (rule.from ?? []).flatMap((peer) =>
              deployments.filter((other) => selects(peer.podSelector ?? {}, labelsOf(other))),
            ),
          ),
        );
        const unreached = callers.filter((caller) => !admittedByAll.some((other) => other.metadata.name === caller));
        return [
          ...unreached.map((caller) => `${name}: no NetworkPolicy admits its caller ${caller}`),
          ...selecting.flatMap((policy) =>
            (policy.spec.ingress ?? []).flatMap((rule, index) => {
              const where = `${name}: ${policy.metadata.name} rule ${index}`;
              if (isMetricsRule(rule)) return [];
              const peers = rule.from ?? [];
              const ports = rule.ports ?? [];
              return [
                ...(peers.length === 0 ? [`${where} admits every peer`] : []),
                ...peers.flatMap((peer) => {
                  if (peer.ipBlock || peer.namespaceSelector || !peer.podSelector)
                    return [`${where} admits ${JSON.stringify(peer)}`];
                  const admitted = deployments.filter((other) => selects(peer.podSelector ?? {}, labelsOf(other)));
                  const strangers = admitted.filter((other) => !callers.includes(other.metadata.name));
                  return admitted.length > 0 && strangers.length === 0
                    ? []
                    : [
                        `${where} admits ${strangers.map((other) => other.metadata.name).join(', ') || 'no Deployment'}`,
                      ];
                }),
                ...(ports.length === 0 ? [`${where} admits every port`] : []),
                ...ports
                  .filter((port) => !portNames.includes(port.port ?? '') || (port.protocol ?? 'TCP') !== 'TCP')
                  .map((port) => `${where} admits port ${port.port}, not gRPC (${portNames.join(', ')})`),
              ];
            }),
          ),
        ];
      }),
    );
    expect(problems).toEqual([]);
    // The ingress controller, wherever it is, reaches the bff's HTTP port.
    const bffRules = policies
      .filter((policy) => selects(policy.spec.podSelector, bffLabels))
      .flatMap((policy) => policy.spec.ingress ?? []);
    expect(bffRules).toContainEqual({ ports: [{ protocol: 'TCP', port: 'http' }] });
  });

  it('denies every pod all traffic by default, and lets out only DNS, gRPC, the engines and TLS to the internet', () => {
    const policies = objects.filter((object) => object.kind === 'NetworkPolicy') as unknown as NetworkPolicy[];
    const denyAll = policies.filter(
      (policy) =>
        JSON.stringify(policy.spec.podSelector) === '{}' &&
        ['Ingress', 'Egress'].every((type) => policy.spec.policyTypes?.includes(type)) &&
        !policy.spec.ingress &&
        !policy.spec.egress,
    );
    expect(denyAll.map((policy) => policy.metadata.name)).toEqual(['default-deny']);
    const engines = { ...configMaps.get('tip-engines'), ...configMaps.get('tip-media'), ...engineAuth };
    const enginePorts = ['MONGO_URL', 'REDIS_URL', 'S3_ENDPOINT']
      .map((key) => Number(new URL(engines[key] ?? '').port))
      .concat(Number((engines.KAFKA_BROKERS ?? '').split(':').at(-1)));
    const egress = policies.flatMap((policy) =>
      (policy.spec.egress ?? []).map((rule) => ({ policy, rule, ports: (rule.ports ?? []).map((port) => port.port) })),
    );
    // Every rule names its ports; the engines' are those engines.yaml points at.
    expect(egress.filter(({ ports }) => ports.length === 0)).toEqual([]);
    for (const port of enginePorts) expect(egress.some(({ ports }) => ports.includes(port))).toBe(true);
    // Outside the cluster: TLS ports only, for the bff, identity and the wallet only.
    const outside = egress.filter(({ rule }) => (rule.to ?? []).some((peer) => peer.ipBlock));
    expect(outside.flatMap(({ ports }) => ports).sort()).toEqual([443, 465, 587]);
    for (const deployment of deployments) {
      const name = deployment.metadata.name;
      const labels = deployment.spec?.template?.metadata.labels ?? {};
      const out = outside.some(({ policy }) => selects(policy.spec.podSelector, labels));
      expect({ name, out }).toEqual({ name, out: ['bff', 'identity', 'wallet'].includes(name) });
    }
  });

  it('runs MongoDB (deploy/k8s/mongodb) as a replica set whose members share a key file from a Secret, root on the first alone', () => {
    const statefulSet = mongodb.find((object) => object.kind === 'StatefulSet');
    const pod = statefulSet?.spec?.template?.spec as unknown as {
      initContainers: (K8sContainer & { command: string[]; volumeMounts: { name: string; mountPath: string }[] })[];
      containers: (K8sContainer & { command: string[]; volumeMounts: { name: string; mountPath: string }[] })[];
      volumes: { name: string; secret?: { secretName: string; items: { key: string }[] }; emptyDir?: object }[];
    };
    const [mongod] = pod.containers;
    const command = mongod?.command.join(' ') ?? '';
    const keyFile = /--keyFile (\S+)/.exec(command)?.[1] ?? '';
    // The key file mongod reads is the init container's copy of the Secret's, in a volume of the pod's own.
    const keyfileMount = mongod?.volumeMounts.find((mount) => keyFile.startsWith(`${mount.mountPath}/`));
    const volume = pod.volumes.find((candidate) => candidate.name === keyfileMount?.name);
    expect(volume?.emptyDir).toBeDefined();
    const [copy] = pod.initContainers;
    expect(copy?.volumeMounts.map((mount) => mount.name)).toContain(keyfileMount?.name);
    expect(copy?.command.join(' ')).toContain('chmod 0400');
    const secretVolume = pod.volumes.find((candidate) => candidate.secret);
    expect(secretVolume?.secret).toMatchObject({ secretName: 'tip-mongodb', items: [{ key: 'keyfile' }] });
    expect(mongodReplicaSet()).toBe('rs0');
    expect(read('deploy/k8s/mongodb/mongo-init.js')).toContain(`_id: '${mongodReplicaSet()}'`);
    // Root is made on the first member only; the Job initiates the set with every member, by its stable name.
    expect(command).toMatch(/\*-0\) ;; \*\) unset MONGO_INITDB_ROOT_USERNAME MONGO_INITDB_ROOT_PASSWORD/);
    const replicas = statefulSet?.spec?.replicas ?? 0;
    const service = statefulSet?.spec?.serviceName;
    expect(mongodbInitEnv().MONGO_REPLICA_MEMBERS).toBe(
      Array.from({ length: replicas }, (_, index) => `mongodb-${index}.${service}.data.svc.cluster.local:27017`).join(
        ',',
      ),
    );
    expect(replicas).toBe(3);
    // Pinned as compose's.
    const images = mongodb.flatMap((object) =>
      [
        ...(object.spec?.template?.spec.containers ?? []),
        ...((object.spec?.template?.spec as { initContainers?: K8sContainer[] } | undefined)?.initContainers ?? []),
      ].map((container) => container.image),
    );
    expect(new Set(images)).toEqual(new Set([compose.services.mongo?.image]));
  });

  it('holds engine settings the engine schema accepts', () => {
    for (const data of configMaps.values()) {
      const result = engineConfigSchema.safeParse(data);
      expect(result.error?.issues ?? []).toEqual([]);
    }
  });
});
