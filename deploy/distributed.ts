// The distributed shape for the deploy suites: identity's, the wallet's, content's, messaging's, moderation's,
// notifications' and the BFF's dist/main.js as separate processes, the way the containers run them, talking gRPC over the loopback
// network. Kafka, MongoDB and MinIO are not here, so the processes share one DATA_DIR's embedded engines, as `npm run
// start:processes` runs them: each service's documents of its own, one event log for all (so events cross
// processes).
import * as grpc from '@grpc/grpc-js';
import { service as healthService } from 'grpc-health-check';
import { mkdtempSync, rmSync } from 'node:fs';
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
  freePort,
  scaled,
  spawnNode,
  START_BUDGET_MS,
  waitUntilServing,
  type NodeProcess,
} from '@tip/platform/testing';

const root = fileURLToPath(new URL('..', import.meta.url));

export const ADMIN = { email: 'ops@tip.local', password: 'ops-password-1' };

export interface RunningService {
  process: NodeProcess;
  /** Its gRPC address, `127.0.0.1:<port>`. */
  address: string;
}

export interface Distributed {
  /** Where the BFF answers, `http://127.0.0.1:<port>`. */
  url: string;
  /** The secret the BFF and every service share, as compose and Kubernetes give it to each of them. */
  serviceTokenSecret: string;
  bff: NodeProcess;
  identity: RunningService;
  wallet: RunningService;
  content: RunningService;
  messaging: RunningService;
  moderation: RunningService;
  notifications: RunningService;
  /** Kills whatever still runs and removes the data directory. */
  stop(): Promise<void>;
}

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
function firstExit(processes: Record<string, NodeProcess>): Promise<never> {
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

/**
 * Starts the seven processes on a scratch data directory and resolves once the BFF is ready (identity took its token)
 * and every other service answers its health check. `bffEnv` adds to the BFF's settings (REDIS_URL, limits).
 */
export async function startDistributed(options: { bffEnv?: Record<string, string> } = {}): Promise<Distributed> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tip-distributed-'));
  const serviceTokenSecret = generateServiceTokenSecret();
  const run = (entry: string, env: Record<string, string>) =>
    spawnNode(join(root, entry), {
      PATH: process.env.PATH ?? '',
      LOG_LEVEL: 'warn',
      SERVICE_TOKEN_SECRET: serviceTokenSecret,
      DATA_DIR: dataDir,
      ...env,
    });
  const service = async (name: string, env: Record<string, string>): Promise<RunningService> => {
    const port = await freePort();
    return {
      process: run(`services/${name}/dist/main.js`, { GRPC_PORT: String(port), ...env }),
      address: `127.0.0.1:${port}`,
    };
  };

  const identity = await service('identity', { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  // No Stripe keys: the demo provider takes payments, as in compose with env.example's settings. The wallet extends
  // premium at identity, signing its calls as itself.
  const wallet = await service('wallet', { IDENTITY_ADDR: identity.address });
  // POST_APPROVAL unset: new posts wait for a moderator, as in compose with env.example's settings. Content and
  // messaging charge through the wallet.
  const content = await service('content', { WALLET_ADDR: wallet.address });
  const messaging = await service('messaging', { WALLET_ADDR: wallet.address });
  // Moderation applies its decisions at identity and content.
  const moderation = await service('moderation', { IDENTITY_ADDR: identity.address, CONTENT_ADDR: content.address });
  // Notifications hears the others' events, and asks messaging for a message's preview.
  const notifications = await service('notifications', { MESSAGING_ADDR: messaging.address });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const bff = run('bff/dist/main.js', {
    PORT: String(port),
    IDENTITY_ADDR: identity.address,
    WALLET_ADDR: wallet.address,
    CONTENT_ADDR: content.address,
    MESSAGING_ADDR: messaging.address,
    MODERATION_ADDR: moderation.address,
    NOTIFICATIONS_ADDR: notifications.address,
    SESSION_SECRET: 'a-distributed-session-secret-of-48-characters!!',
    WEB_DIST: join(dataDir, 'no-web'),
    ...options.bffEnv,
  });
  const all = [
    bff,
    identity.process,
    wallet.process,
    content.process,
    messaging.process,
    moderation.process,
    notifications.process,
  ];
  const stop = async () => {
    await Promise.all(all.map((running) => running.stop('SIGKILL')));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const ready = Promise.all([
      // Ready means identity answered the bff: it took the bff's service token.
      waitUntilServing(`${url}/api/ready`, bff, SEVEN_START_BUDGET_MS),
      waitUntilGrpcServing(wallet.address, WALLET_SERVICE_NAME, wallet.process, SEVEN_START_BUDGET_MS),
      waitUntilGrpcServing(content.address, CONTENT_SERVICE_NAME, content.process, SEVEN_START_BUDGET_MS),
      waitUntilGrpcServing(messaging.address, MESSAGING_SERVICE_NAME, messaging.process, SEVEN_START_BUDGET_MS),
      waitUntilGrpcServing(moderation.address, MODERATION_SERVICE_NAME, moderation.process, SEVEN_START_BUDGET_MS),
      waitUntilGrpcServing(
        notifications.address,
        NOTIFICATIONS_SERVICE_NAME,
        notifications.process,
        SEVEN_START_BUDGET_MS,
      ),
    ]);
    // A process that exits (a setting it refuses, say) fails the start at once, with its output; the waits left
    // behind then fail on their own, unheard.
    ready.catch(() => undefined);
    await Promise.race([
      ready,
      firstExit({
        bff,
        identity: identity.process,
        wallet: wallet.process,
        content: content.process,
        messaging: messaging.process,
        moderation: moderation.process,
        notifications: notifications.process,
      }),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, serviceTokenSecret, bff, identity, wallet, content, messaging, moderation, notifications, stop };
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
