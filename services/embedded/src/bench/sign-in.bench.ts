/**
 * `npm run bench`: what a second factor adds to a sign-in's server time (issue 26: under 5 ms at p99). The built
 * platform runs as one process (WORKERS=1, embedded engines in a scratch DATA_DIR); this process signs members in over
 * HTTP as the web app does, one sign-in at a time:
 * - password only: POST /api/auth/login, which answers with the session;
 * - with an authenticator app: the login (which answers `secondStep`), then POST /api/auth/second-step { code };
 * - with a passkey: the login, whose answer carries the passkey's options, then /api/auth/second-step/passkey, a
 *   software authenticator signing those here in between (as the web app does).
 * A sign-in's server time is the sum of its requests' times in the BFF's HTTP server, from Node's parse of the
 * request's head to its answer handed to the socket, as a probe preloaded into the platform's process reports them
 * (server-time-probe.ts): it holds everything the platform does for the request (the BFF, identity's gRPC calls in the
 * same process, the embedded engines) and nothing of this client's (its HTTP stack, the loopback, the authenticator).
 * The three kinds take turns in a random order in every round, so that the machine's load falls on all alike; what a
 * factor adds is its kind's p50 and p99 less the password-only ones, in the same run, and that p99 difference is held
 * to the target. The requests after the login are printed beside it (they also start the session, which the
 * password-only login does in its own request).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateSync } from 'otplib';
import sharp from 'sharp';
// Alone: the testing kit's index starts jest's globals, which a bench process has not.
import { SoftwareAuthenticator } from '@tip/identity/testing/software-authenticator';
import { reportTarget, under } from '@tip/platform/bench';
import { freePort } from '@tip/platform/processes';
import { call, json, registeredMember, type Session } from './members.js';
import { ms, percentile, sleep } from './paid-load.js';
import { SERVER_TIME_PROBE, ServerTimes } from './server-times.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
/** Sign-ins of each kind: with 200, a p99 was the second-slowest sign-in, and moved by 3 ms between quiet runs. */
const ROUNDS = Number(process.env.SIGN_IN_ROUNDS ?? 1000);
const PASSWORD = 'bench-password-1';
/** What a second step may add to a sign-in, at p99. */
const TARGET_MS = 5;
/** Far above what the bench does, so that no limit answers for the server. */
const NO_LIMIT = '1000000';

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');

/** One request, timed by the server; its cookies and JSON body handed back. */
async function timed(times: ServerTimes, base: string, path: string, body: unknown, cookie = '') {
  const requestId = times.nextId();
  const response = await call(base, path, {
    method: 'POST',
    cookie,
    headers: { 'content-type': 'application/json', 'x-request-id': requestId },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  return { serverMs: await times.of(requestId), cookie: cookiesOf(response), answer };
}

interface FactorMember {
  email: string;
  secret: string;
  device: SoftwareAuthenticator;
}

/** A member with an authenticator app and a passkey, set up from their security page's routes. */
async function withFactors(base: string, session: Session, email: string, publicUrl: string): Promise<FactorMember> {
  const asMember = { method: 'POST', cookie: session.cookie };
  const setup = (await (
    await call(base, '/api/auth/second-factors/totp/setup', { ...asMember, ...json({}) })
  ).json()) as { secret: string };
  const code = generateSync({ secret: setup.secret, epoch: Date.now() / 1000 });
  await call(base, '/api/auth/second-factors/totp', { ...asMember, ...json({ code }) });
  const device = new SoftwareAuthenticator(publicUrl);
  const { options } = (await (
    await call(base, '/api/auth/second-factors/passkeys/options', { ...asMember, ...json({}) })
  ).json()) as { options: unknown };
  const response = JSON.parse(device.register(JSON.stringify(options))) as unknown;
  await call(base, '/api/auth/second-factors/passkeys', { ...asMember, ...json({ response, name: 'bench' }) });
  return { email, secret: setup.secret, device };
}

type Kind = 'password' | 'app' | 'passkey';

/** One sign-in of `kind`: the server's time of its login, and of the requests its second step adds (none for a password). */
async function signIn(
  times: ServerTimes,
  base: string,
  kind: Kind,
  email: string,
  member?: FactorMember,
): Promise<{ loginMs: number; stepMs: number }> {
  const login = await timed(times, base, '/api/auth/login', { email, password: PASSWORD });
  if (kind === 'password') return { loginMs: login.serverMs, stepMs: 0 };
  if (!member || login.answer.secondStep !== true) throw new Error(`${email}: the login asked for no second step`);
  if (kind === 'app') {
    // The set-up spent its period's code: the app's next one, as a member signing in a little later types it.
    const code = generateSync({ secret: member.secret, epoch: Date.now() / 1000 + 30 });
    const step = await timed(times, base, '/api/auth/second-step', { code }, login.cookie);
    return { loginMs: login.serverMs, stepMs: step.serverMs };
  }
  const response = JSON.parse(member.device.signIn(JSON.stringify(login.answer.passkeyOptions))) as unknown;
  const answer = await timed(times, base, '/api/auth/second-step/passkey', { response }, login.cookie);
  return { loginMs: login.serverMs, stepMs: answer.serverMs };
}

async function waitUntilServing(url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within 60 s`);
    await sleep(50);
  }
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Fisher-Yates: every order alike (a sort with a random comparator favours some). */
function shuffled<T>(items: T[]): T[] {
  const order = [...items];
  for (let i = order.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [order[i], order[j]] = [order[j] as T, order[i] as T];
  }
  return order;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tip-sign-in-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // Passkeys are for PUBLIC_URL's host; localhost is one a WebAuthn origin may be over http.
  const publicUrl = `http://localhost:${port}`;
  const platform = spawn(process.execPath, [...SERVER_TIME_PROBE, 'services/embedded/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: publicUrl,
      WORKERS: '1',
      LOG_LEVEL: 'warn',
      LOGIN_LIMIT_PER_ADDRESS: NO_LIMIT,
      LOGIN_LIMIT_PER_ACCOUNT: NO_LIMIT,
      REGISTER_LIMIT_PER_ADDRESS: NO_LIMIT,
      ACCOUNT_LIMIT_PER_MEMBER: NO_LIMIT,
      ACCOUNT_LIMIT_PER_ADDRESS: NO_LIMIT,
      MAIL_LIMIT_PER_ACCOUNT: NO_LIMIT,
      MAIL_LIMIT_PER_ADDRESS: NO_LIMIT,
    },
  });
  const times = new ServerTimes(platform);
  try {
    await waitUntilServing(`${base}/api/health`);
    const photo = await sharp({ create: { width: 96, height: 128, channels: 3, background: '#b048a0' } })
      .jpeg()
      .toBuffer();
    // Each app sign-in spends a member's code of its period, so every sign-in of a kind has a member of its own.
    const plain: string[] = [];
    const withFactor: FactorMember[] = [];
    for (let n = 0; n < ROUNDS; n += 1) {
      await registeredMember(base, `plain${n}`, photo);
      plain.push(`plain${n}@bench.tip`);
      const session = await registeredMember(base, `factors${n}`, photo);
      withFactor.push(await withFactors(base, session, `factors${n}@bench.tip`, publicUrl));
    }

    const whole: Record<Kind, number[]> = { password: [], app: [], passkey: [] };
    const added: Record<Kind, number[]> = { password: [], app: [], passkey: [] };
    for (let n = 0; n < ROUNDS; n += 1) {
      const member = withFactor[n];
      for (const kind of shuffled<Kind>(['password', 'app', 'passkey'])) {
        const email = kind === 'password' ? (plain[n] ?? '') : (member?.email ?? '');
        const { loginMs, stepMs } = await signIn(times, base, kind, email, member);
        whole[kind].push(loginMs + stepMs);
        added[kind].push(stepMs);
      }
    }

    const line = (samples: number[]) =>
      `p50 ${ms(percentile(samples, 0.5))}, p99 ${ms(percentile(samples, 0.99))}, max ${ms(Math.max(...samples))}`;
    /** What `kind` adds to a password-only sign-in at the quantile `q`. */
    const adds = (kind: Kind, q: number) => percentile(whole[kind], q) - percentile(whole.password, q);
    const addedLine = (kind: Kind) => `p50 ${ms(adds(kind, 0.5))}, p99 ${ms(adds(kind, 0.99))}`;
    console.log(`\nsign-ins' server time, ${ROUNDS} of each kind, one at a time, the kinds interleaved`);
    console.log(`password only:                     ${line(whole.password)}`);
    console.log(`password + app:                    ${line(whole.app)}`);
    console.log(`password + passkey:                ${line(whole.passkey)}`);
    console.log(`what the app adds:                 ${addedLine('app')}`);
    console.log(`what a passkey adds:               ${addedLine('passkey')}`);
    console.log(`the requests after the app's login:     ${line(added.app)}`);
    console.log(`the requests after the passkey's login: ${line(added.passkey)}`);
    const bench = 'sign-in';
    reportTarget(bench, under('what an app code adds to a sign-in, p99', adds('app', 0.99), TARGET_MS, 'ms'));
    reportTarget(bench, under('what a passkey adds to a sign-in, p99', adds('passkey', 0.99), TARGET_MS, 'ms'));
  } finally {
    await stop(platform);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
