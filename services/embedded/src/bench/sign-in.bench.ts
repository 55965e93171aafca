/**
 * `npm run bench`: what a second factor adds to a sign-in's server time (issue 26: under 5 ms at p99). The built
 * platform runs as one process (WORKERS=1, embedded engines in a scratch DATA_DIR); this process signs members in over
 * HTTP as the web app does, one sign-in at a time, and times each request on loopback (an upper bound of the server's
 * time):
 * - password only: POST /api/auth/login, which answers with the session;
 * - with an authenticator app: the login (which answers `secondStep`), then POST /api/auth/second-step { code };
 * - with a passkey: the login, then /api/auth/second-step/passkey/options and /api/auth/second-step/passkey, a
 *   software authenticator signing here between the two (its time left out).
 * The three kinds take turns in a random order in every round, so that the machine's load falls on all alike. The
 * figure held to the target is the p99 of the requests a factor adds after the login: the login that answers
 * `secondStep` does no more than a password-only one (it starts no session: the second step does), so they bound what
 * the factor adds. The whole sign-ins' p50 and p99 of each kind, and their differences from the password-only ones,
 * are printed beside it; the password (argon2id) dominates all three, and at p99 those differences are mostly the
 * machine's noise.
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

const root = fileURLToPath(new URL('../../../../', import.meta.url));
/** Sign-ins of each kind. */
const ROUNDS = Number(process.env.SIGN_IN_ROUNDS ?? 200);
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

/** One request, timed; its cookies and JSON body handed back. */
async function timed(base: string, path: string, body: unknown, cookie = '') {
  const started = process.hrtime.bigint();
  const response = await call(base, path, { method: 'POST', cookie, ...json(body) });
  const answer = (await response.json()) as Record<string, unknown>;
  const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;
  return { elapsedMs, cookie: cookiesOf(response), answer };
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

/** One sign-in of `kind`: the login's time, and that of the requests its second step adds (none for a password). */
async function signIn(
  base: string,
  kind: Kind,
  email: string,
  member?: FactorMember,
): Promise<{ loginMs: number; stepMs: number }> {
  const login = await timed(base, '/api/auth/login', { email, password: PASSWORD });
  if (kind === 'password') return { loginMs: login.elapsedMs, stepMs: 0 };
  if (!member || login.answer.secondStep !== true) throw new Error(`${email}: the login asked for no second step`);
  if (kind === 'app') {
    // The set-up spent its period's code: the app's next one, as a member signing in a little later types it.
    const code = generateSync({ secret: member.secret, epoch: Date.now() / 1000 + 30 });
    const step = await timed(base, '/api/auth/second-step', { code }, login.cookie);
    return { loginMs: login.elapsedMs, stepMs: step.elapsedMs };
  }
  const options = await timed(base, '/api/auth/second-step/passkey/options', {}, login.cookie);
  const response = JSON.parse(member.device.signIn(JSON.stringify(options.answer.options))) as unknown;
  const answer = await timed(base, '/api/auth/second-step/passkey', { response }, login.cookie);
  return { loginMs: login.elapsedMs, stepMs: options.elapsedMs + answer.elapsedMs };
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

const shuffled = <T>(items: T[]) => [...items].sort(() => Math.random() - 0.5);

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tip-sign-in-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // Passkeys are for PUBLIC_URL's host; localhost is one a WebAuthn origin may be over http.
  const publicUrl = `http://localhost:${port}`;
  const platform = spawn(process.execPath, ['services/embedded/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
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
        const { loginMs, stepMs } = await signIn(base, kind, email, member);
        whole[kind].push(loginMs + stepMs);
        added[kind].push(stepMs);
      }
    }

    const at = (samples: number[], q: number) => percentile(samples, q);
    const line = (samples: number[]) =>
      `p50 ${ms(at(samples, 0.5))}, p99 ${ms(at(samples, 0.99))}, max ${ms(Math.max(...samples))}`;
    const versusPassword = (kind: Kind) =>
      `p50 ${ms(at(whole[kind], 0.5) - at(whole.password, 0.5))}, p99 ${ms(at(whole[kind], 0.99) - at(whole.password, 0.99))}`;
    console.log(`\nsign-ins over HTTP, ${ROUNDS} of each kind, one at a time, the kinds interleaved`);
    console.log(`whole sign-in, password only:      ${line(whole.password)}`);
    console.log(`whole sign-in, password + app:     ${line(whole.app)}`);
    console.log(`whole sign-in, password + passkey: ${line(whole.passkey)}`);
    console.log(`less password only: app ${versusPassword('app')}; passkey ${versusPassword('passkey')}`);
    console.log(`the app's second step:             ${line(added.app)}`);
    console.log(`the passkey's second step:         ${line(added.passkey)}`);
    const bench = 'sign-in';
    reportTarget(bench, under('what an app code adds to a sign-in, p99', at(added.app, 0.99), TARGET_MS, 'ms'));
    reportTarget(bench, under('what a passkey adds to a sign-in, p99', at(added.passkey, 0.99), TARGET_MS, 'ms'));
  } finally {
    await stop(platform);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
