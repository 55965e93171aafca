// The distributed shape for the deploy suites: identity's, the wallet's, content's, messaging's, moderation's,
// notifications' and the BFF's dist/main.js as separate processes, the way the containers run them, talking gRPC over
// the loopback network, wired as compose wires them (services/embedded/src/topology.ts). Without real engines the
// processes share one DATA_DIR's embedded engines, as `npm run start:processes` runs them: each service's documents of
// its own, one event log for all (so events cross processes). Given the real engines' settings (`node
// deploy/engines/main.mjs env`), they run on Kafka, FerretDB, Redis and S3 as `npm run start:distributed` does, and
// the BFF may run as several replicas behind the compose gateway's nginx.
import { describe, it } from '@jest/globals';
import * as grpc from '@grpc/grpc-js';
import { service as healthService } from 'grpc-health-check';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { generateServiceTokenSecret } from '@tip/platform';
import { CONTENT_SERVICE_NAME } from '@tip/content/contract';
import { MESSAGING_SERVICE_NAME } from '@tip/messaging/contract';
import { MODERATION_SERVICE_NAME } from '@tip/moderation/contract';
import { NOTIFICATIONS_SERVICE_NAME } from '@tip/notifications/contract';
import { WALLET_SERVICE_NAME } from '@tip/wallet/contract';
import {
  ADMIT_AT_ANY_LOAD,
  freePort,
  scaled,
  spawnNode,
  START_BUDGET_MS,
  waitFor,
  waitUntilServing,
  type NodeProcess,
} from '@tip/platform/testing';
import { startGateway, type RunningGateway } from '../services/embedded/src/gateway.js';
import { bffEnv, serviceEnv, SERVICES, type Addresses, type ServiceName } from '../services/embedded/src/topology.js';

const root = fileURLToPath(new URL('..', import.meta.url));

export const ADMIN = { email: 'ops@tip.local', password: 'ops-password-1' };

/** The engines' settings the platform reads, as `node deploy/engines/main.mjs env` gives them. */
const ENGINE_SETTINGS = ['KAFKA_BROKERS', 'MONGO_URL', 'REDIS_URL', 'S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'];

/** The real engines' settings from this process's environment ('' where unset). */
function enginesFromEnvironment(): Record<string, string> {
  return Object.fromEntries(ENGINE_SETTINGS.map((name) => [name, process.env[name] ?? '']));
}

/**
 * Declares the suites that need the real engines: run on them when every setting is given (`npm run
 * test:distributed` gives them), failed when CONTRACT_ENGINES=required and one is missing, otherwise skipped with a
 * line saying why (plain `npm test` has no engines).
 */
export function describeOnEngines(title: string, body: (engines: Readonly<Record<string, string>>) => void): void {
  const engines = enginesFromEnvironment();
  const missing = ENGINE_SETTINGS.filter((name) => !engines[name]);
  if (missing.length === 0) {
    describe(title, () => body(engines));
  } else if (process.env.CONTRACT_ENGINES === 'required') {
    describe(title, () =>
      it('reaches its engines', () => {
        throw new Error(`${missing.join(', ')} unset (CONTRACT_ENGINES=required): npm run test:distributed sets them`);
      }),
    );
  } else {
    process.stderr.write(
      `${title}: SKIPPED, ${missing.join(', ')} unset (npm run test:distributed starts the engines)\n`,
    );
    describe.skip(title, () => it('runs on the real engines', () => undefined));
  }
}

export interface RunningService {
  process: NodeProcess;
  /** Its gRPC address, `127.0.0.1:<port>`. */
  address: string;
  /** Where its Prometheus metrics are served, `http://127.0.0.1:<port>/metrics`. */
  metrics: string;
}

export interface RunningBff {
  process: NodeProcess;
  /** Where this replica answers, `http://127.0.0.1:<port>`. */
  url: string;
  /** Where its Prometheus metrics are served. */
  metrics: string;
}

export interface DistributedOptions {
  /** Adds to every BFF replica's settings (REDIS_URL, limits). */
  bffEnv?: Record<string, string>;
  /**
   * The real engines' settings (`node deploy/engines/main.mjs env`). Each start gets a database of its own on the
   * MongoDB server, so that starts on the same engines never see each other's documents.
   */
  engines?: Readonly<Record<string, string>>;
  /** BFF replicas (1 by default); with more than one, the compose gateway (nginx) in front of them. */
  bffReplicas?: number;
  /** A service to run a second process of, with the same settings: it shares the first's consumer groups. */
  secondReplica?: GrpcServiceName;
}

export interface Distributed {
  /** Where the platform answers: the gateway's `http://127.0.0.1:<port>` with replicas, else the BFF's. */
  url: string;
  /** The secret the BFF and every service share, as compose and Kubernetes give it to each of them. */
  serviceTokenSecret: string;
  /** The first BFF replica's process. */
  bff: NodeProcess;
  bffs: RunningBff[];
  /** The MONGO_URL the services were given, with engines. */
  mongoUrl?: string;
  identity: RunningService;
  wallet: RunningService;
  content: RunningService;
  messaging: RunningService;
  moderation: RunningService;
  notifications: RunningService;
  /** The second process of `secondReplica`, if asked for. */
  secondReplica?: RunningService;
  /**
   * Starts a service's process again on its address with the same settings (after a fault test killed it), resolving
   * once it answers its health check; its RunningService then holds the new process.
   */
  restart(name: GrpcServiceName): Promise<void>;
  /** Starts the second replica again after a fault test stopped it, the same way. */
  restartSecondReplica(): Promise<void>;
  /** Kills whatever still runs and removes the data directory. */
  stop(): Promise<void>;
}

/** The services the BFF calls, by their gRPC health service names. */
const GRPC_NAMES = {
  wallet: WALLET_SERVICE_NAME,
  content: CONTENT_SERVICE_NAME,
  messaging: MESSAGING_SERVICE_NAME,
  moderation: MODERATION_SERVICE_NAME,
  notifications: NOTIFICATIONS_SERVICE_NAME,
} as const;
type GrpcServiceName = keyof typeof GRPC_NAMES;

/** What grpc.health.v1.Health/Check answers for `service` at `address`: a status, or the error's code and details. */
export function healthOf(address: string, service: string): Promise<string> {
  const client = new grpc.Client(address, grpc.credentials.createInsecure());
  const check = healthService.Check;
  if (!check) throw new Error('grpc-health-check defines no Check method');
  return new Promise<string>((resolve) => {
    client.makeUnaryRequest(
      check.path,
      check.requestSerialize,
      check.responseDeserialize as (bytes: Buffer) => { status?: string },
      { service },
      { deadline: Date.now() + scaled(1000) },
      (error, response) => resolve(error ? `${error.code} ${error.details}` : (response?.status ?? '')),
    );
  }).finally(() => client.close());
}

/**
 * Polls the gRPC health service until `service` is SERVING; fails with the process's output if it exits or the
 * budget (scaled for this machine) runs out.
 */
async function waitUntilGrpcServing(address: string, service: string, running: NodeProcess, budgetMs: number) {
  const timeoutMs = scaled(budgetMs);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const code = running.child.exitCode;
    if (code !== null)
      throw new Error(`the process exited with ${code} before ${address} served:\n${running.output()}`);
    const status = await healthOf(address, service);
    if (status === 'SERVING') return;
    if (Date.now() > deadline)
      throw new Error(`${address} ${service}: ${status} after ${timeoutMs} ms:\n${running.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Rejects once one of the processes exits, with its output; a process stopped later on purpose fails nothing. */
function firstExit(processes: Record<string, Pick<NodeProcess, 'exited' | 'output'>>): Promise<never> {
  const exit = new Promise<never>((_, reject) => {
    for (const [name, running] of Object.entries(processes))
      void running.exited.then((code) =>
        reject(new Error(`${name} exited with ${code} before the platform served:\n${running.output()}`)),
      );
  });
  exit.catch(() => undefined);
  return exit;
}

/**
 * How long the seven processes may take to serve, together, as the CI machine needs it (scaled for this one): seven
 * Node processes loading at once on 2 cores, beside another suite, twice one process's budget. Tests give their
 * hook `START_HOOK_BUDGET_MS`.
 */
const SEVEN_START_BUDGET_MS = 2 * START_BUDGET_MS;
/** A hook that starts them: the start, and a turn to spare. */
export const START_HOOK_BUDGET_MS = scaled(SEVEN_START_BUDGET_MS + 30_000);

/** Each start its own database on the engines' MongoDB server. */
function ownDatabase(mongoUrl: string): string {
  const url = new URL(mongoUrl);
  url.pathname = `/tip-${randomBytes(6).toString('hex')}`;
  return url.toString();
}

/** Waits for the gateway's own health answer; fails with nginx's output if it exits first. */
async function waitUntilGatewayServes(url: string, gateway: RunningGateway): Promise<void> {
  let exited = false;
  void gateway.exited.then(() => (exited = true));
  await waitFor(
    async () => {
      if (exited) throw new Error(`the gateway exited: ${gateway.output()}`);
      return fetch(`${url}/gateway-health`).then(
        (response) => response.ok,
        () => false,
      );
    },
    10_000,
    'the gateway to answer',
  );
}

/**
 * Starts the processes on a scratch data directory and resolves once every BFF replica is ready (identity took its
 * token), every other service answers its health check and the gateway, if any, answers.
 */
export async function startDistributed(options: DistributedOptions = {}): Promise<Distributed> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tip-distributed-'));
  const serviceTokenSecret = generateServiceTokenSecret();
  const engines = options.engines && { ...options.engines, MONGO_URL: ownDatabase(options.engines.MONGO_URL ?? '') };
  const run = (entry: string, env: Record<string, string>) =>
    spawnNode(join(root, entry), {
      PATH: process.env.PATH ?? '',
      LOG_LEVEL: 'warn',
      SERVICE_TOKEN_SECRET: serviceTokenSecret,
      DATA_DIR: dataDir,
      ...env,
    });
  // No Stripe keys: the demo provider takes payments, as in compose with env.example's settings. POST_APPROVAL unset:
  // new posts wait for a moderator, as in compose with env.example's settings.
  const ownSettings: Partial<Record<ServiceName, Record<string, string>>> = {
    identity: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
  };
  const addresses: Addresses = {};
  const services = {} as Record<ServiceName, RunningService>;
  const spawners = {} as Record<ServiceName, () => NodeProcess>;
  // freePort probes a port and lets it go: the processes bind theirs later, so one start must not be given one twice.
  const given = new Set<number>();
  const ownPort = async (): Promise<number> => {
    const port = await freePort();
    if (given.has(port)) return ownPort();
    given.add(port);
    return port;
  };
  const ports = async () => ({ GRPC_PORT: String(await ownPort()), METRICS_PORT: String(await ownPort()) });
  const running = (child: NodeProcess, own: { GRPC_PORT: string; METRICS_PORT: string }) => ({
    process: child,
    address: `127.0.0.1:${own.GRPC_PORT}`,
    metrics: `http://127.0.0.1:${own.METRICS_PORT}/metrics`,
  });
  for (const name of SERVICES) {
    const own = await ports();
    const env = { ...serviceEnv(name, addresses, engines), ...ownSettings[name], ...own };
    spawners[name] = () => run(`services/${name}/dist/main.js`, env);
    services[name] = running(spawners[name](), own);
    addresses[name] = services[name].address;
  }
  let secondReplica: RunningService | undefined;
  let spawnSecond: (() => NodeProcess) | undefined;
  if (options.secondReplica) {
    const name = options.secondReplica;
    const own = await ports();
    const env = { ...serviceEnv(name, addresses, engines), ...ownSettings[name], ...own };
    spawnSecond = () => run(`services/${name}/dist/main.js`, env);
    secondReplica = running(spawnSecond(), own);
  }
  const bffs: RunningBff[] = [];
  // Each replica consumes every event in groups of its own, which no other start on the same engines shares.
  const replicaNames = randomBytes(6).toString('hex');
  for (let replica = 1; replica <= (options.bffReplicas ?? 1); replica += 1) {
    const port = await ownPort();
    const metricsPort = await ownPort();
    const bff = run('bff/dist/main.js', {
      ...bffEnv(addresses, engines),
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      BFF_REPLICA_NAME: `${replicaNames}-${replica}`,
      SESSION_SECRET: 'a-distributed-session-secret-of-48-characters!!',
      WEB_DIST: join(dataDir, 'no-web'),
      ...ADMIT_AT_ANY_LOAD,
      ...options.bffEnv,
    });
    bffs.push({ process: bff, url: `http://127.0.0.1:${port}`, metrics: `http://127.0.0.1:${metricsPort}/metrics` });
  }
  const [first] = bffs;
  if (!first) throw new Error('bffReplicas: at least one');
  const gatewayDir = join(dataDir, 'gateway');
  const gatewayPort = bffs.length > 1 ? await ownPort() : undefined;
  let gateway: RunningGateway | undefined;
  const all = [
    ...bffs.map((bff) => bff.process),
    ...[...Object.values(services), ...(secondReplica ? [secondReplica] : [])].map((service) => service.process),
  ];
  const stop = async () => {
    await gateway?.stop();
    await Promise.all(all.map((running) => running.stop('SIGKILL')));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    if (gatewayPort !== undefined) {
      mkdirSync(gatewayDir);
      gateway = startGateway({
        dir: gatewayDir,
        listen: `127.0.0.1:${gatewayPort}`,
        upstreams: bffs.map((bff) => Number(new URL(bff.url).port)),
      });
    }
    const ready = Promise.all([
      // Ready means identity answered the bff: it took the bff's service token.
      ...bffs.map((bff) => waitUntilServing(`${bff.url}/api/ready`, bff.process, SEVEN_START_BUDGET_MS)),
      ...Object.entries(GRPC_NAMES).map(([name, grpcName]) => {
        const service = services[name as GrpcServiceName];
        return waitUntilGrpcServing(service.address, grpcName, service.process, SEVEN_START_BUDGET_MS);
      }),
      ...(secondReplica && options.secondReplica
        ? [
            waitUntilGrpcServing(
              secondReplica.address,
              GRPC_NAMES[options.secondReplica],
              secondReplica.process,
              SEVEN_START_BUDGET_MS,
            ),
          ]
        : []),
      ...(gateway && gatewayPort ? [waitUntilGatewayServes(`http://127.0.0.1:${gatewayPort}`, gateway)] : []),
    ]);
    // A process that exits (a setting it refuses, say) fails the start at once, with its output; the waits left
    // behind then fail on their own, unheard.
    ready.catch(() => undefined);
    await Promise.race([
      ready,
      firstExit({
        ...Object.fromEntries(bffs.map((bff, index) => [`bff-${index + 1}`, bff.process])),
        ...Object.fromEntries(Object.entries(services).map(([name, service]) => [name, service.process])),
        ...(secondReplica && { [`${options.secondReplica}-2`]: secondReplica.process }),
        ...(gateway && { gateway }),
      }),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: gatewayPort === undefined ? first.url : `http://127.0.0.1:${gatewayPort}`,
    serviceTokenSecret,
    bff: first.process,
    bffs,
    ...(engines?.MONGO_URL && { mongoUrl: engines.MONGO_URL }),
    ...services,
    ...(secondReplica && { secondReplica }),
    restart: async (name) => {
      const service = services[name];
      service.process = spawners[name]();
      all.push(service.process);
      await waitUntilGrpcServing(service.address, GRPC_NAMES[name], service.process, START_BUDGET_MS);
    },
    restartSecondReplica: async () => {
      if (!secondReplica || !spawnSecond || !options.secondReplica) throw new Error('no second replica was asked for');
      secondReplica.process = spawnSecond();
      all.push(secondReplica.process);
      const name = GRPC_NAMES[options.secondReplica];
      await waitUntilGrpcServing(secondReplica.address, name, secondReplica.process, START_BUDGET_MS);
    },
    stop,
  };
}

export interface Member {
  id: string;
  /** The Cookie header of its session. */
  cookie: string;
}

async function expectStatus(response: Response, status: number, what: string): Promise<void> {
  if (response.status !== status) throw new Error(`${what}: HTTP ${response.status} ${await response.text()}`);
}

/** Registers a member (pending verification) through the BFF; answers its id and session cookie. */
export async function register(url: string, username: string): Promise<Member> {
  const photo = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#16a085' } })
    .png()
    .toBuffer();
  const form = new FormData();
  const member = { username, email: `${username}@example.it`, password: 'segreto-9' };
  for (const [field, value] of Object.entries({
    ...member,
    confirmPassword: member.password,
    gender: 'male',
    orientation: 'gay',
  })) {
    form.set(field, value);
  }
  form.set('verificationPhoto', new Blob([photo], { type: 'image/png' }), 'me.png');
  await expectStatus(
    await fetch(`${url}/api/auth/register`, { method: 'POST', body: form }),
    201,
    `registering ${username}`,
  );
  return signIn(url, member.email, member.password);
}

export async function signIn(url: string, email: string, password: string): Promise<Member> {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  await expectStatus(login, 200, `signing in ${email}`);
  const cookie = login.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const me = (await (await fetch(`${url}/api/auth/user`, { headers: { cookie } })).json()) as { id: string };
  return { id: me.id, cookie };
}

/** A JSON request in a member's session. */
export function send(url: string, cookie: string, path: string, method: string, body: unknown): Promise<Response> {
  return fetch(`${url}${path}`, {
    method,
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}
