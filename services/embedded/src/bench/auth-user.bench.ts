/**
 * `npm run bench`: what a signed-in page load costs. Measures, in one run on this machine:
 * - `npm start` on the built tree until it serves;
 * - resident memory of the one-process platform when idle;
 * - requests/s and p99 of GET /api/auth/user with a session through the whole stack (BFF + identity),
 *   next to a bare node:http server answering the same JSON, and their ratio;
 * - the share of a request's CPU time that goes to instrumentation (metrics, logging, tracing context, compression
 *   decisions), from a CPU profile of one process under the same load; and tracing's, tracing 1% of requests.
 * Servers run in child processes; the load generator (autocannon) runs here, on the other core.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { instrumentationShares, monotonicUs, readProfile } from './cpu-share.js';
import { CONNECTIONS, DURATION_S, load, residentMb } from './measure.js';
import { ratioAtLeast, reportTarget, under } from '@tip/platform/bench';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const ADMIN = { email: 'bench-admin@tip.local', password: 'bench-password-123' };

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function waitUntilServing(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(25);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** SIGTERM to the child's whole process group: `npm start` runs the platform as a grandchild. */
function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    process.kill(-(child.pid ?? 0), 'SIGTERM');
  });
}

function startPlatform(
  command: string,
  args: string[],
  port: number,
  dataDir: string,
  env: Record<string, string> = {},
): ChildProcess {
  return spawn(command, args, {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...env,
    },
  });
}

/** Signs the admin in; answers the session's Cookie header. */
async function adminCookie(base: string): Promise<string> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  return login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * One process of the platform (WORKERS=1) under the session read's load, profiled: requests/s and the share of its
 * busy CPU time that went to instrumentation while the load ran (cpu-share.ts). `env` adds settings (tracing's).
 */
async function profiledLoad(port: number, dataDir: string, env: Record<string, string> = {}) {
  const profiles = mkdtempSync(join(tmpdir(), 'tip-profile-'));
  try {
    const platform = startPlatform(
      process.execPath,
      ['--cpu-prof', `--cpu-prof-dir=${profiles}`, 'services/embedded/dist/main.js'],
      port,
      dataDir,
      { WORKERS: '1', ...env },
    );
    const base = `http://127.0.0.1:${port}`;
    await waitUntilServing(`${base}/api/ready`, 30_000);
    const cookie = await adminCookie(base);
    const fromUs = monotonicUs();
    const figures = await load(`${base}/api/auth/user`, { cookie });
    const toUs = monotonicUs();
    await stop(platform);
    return { ...figures, shares: instrumentationShares(readProfile(profiles), { fromUs, toUs }) };
  } finally {
    rmSync(profiles, { recursive: true, force: true });
  }
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tip-bench-'));
  const port = 3400 + Math.floor(Math.random() * 500);
  const base = `http://127.0.0.1:${port}`;
  try {
    // 1. `npm start` on an installed, built tree, until it serves.
    const started = Date.now();
    const npmStart = startPlatform('npm', ['start', '--silent'], port, dataDir);
    await waitUntilServing(`${base}/api/health`, 60_000);
    const startMs = Date.now() - started;
    await stop(npmStart);

    // 2. The platform itself, restarted on the same data, for memory and load.
    //    One process, as the bare server is one (workers.bench sets workers against one worker).
    const platform = startPlatform(process.execPath, ['services/embedded/dist/main.js'], port, dataDir, {
      WORKERS: '1',
    });
    await waitUntilServing(`${base}/api/ready`, 30_000);
    const cookie = await adminCookie(base);
    const userJson = await (await fetch(`${base}/api/auth/user`, { headers: { cookie } })).text();
    await sleep(3000);
    const idleMb = residentMb(platform.pid ?? 0);

    const stack = await load(`${base}/api/auth/user`, { cookie });
    await sleep(3000);
    const idleAfterLoadMb = residentMb(platform.pid ?? 0);
    await stop(platform);

    // 3. The bare baseline: node:http answering the same JSON.
    const barePort = port + 1;
    const bare = spawn(process.execPath, [fileURLToPath(new URL('./bare-server.js', import.meta.url))], {
      stdio: 'inherit',
      detached: true,
      env: { ...process.env, BARE_PORT: String(barePort), BARE_BODY: userJson },
    });
    await waitUntilServing(`http://127.0.0.1:${barePort}/`, 10_000);
    const baseline = await load(`http://127.0.0.1:${barePort}/`, {});

    // 4. What observing a request costs: one process profiled, untraced, then tracing 1% of requests to an OTLP
    //    collector (the bare server, answering every export).
    const untraced = await profiledLoad(port, dataDir);
    const traced = await profiledLoad(port, dataDir, {
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${barePort}`,
      OTEL_TRACES_SAMPLER_ARG: '0.01',
    });
    await stop(bare);

    const row = (name: string, figures: { rps: number; p99: number }) =>
      console.log(name.padEnd(34), figures.rps.toFixed(0).padStart(8), figures.p99.toFixed(1).padStart(8));
    console.log(`\n${CONNECTIONS} connections, ${DURATION_S} s each`);
    console.log('case'.padEnd(34), 'req/s'.padStart(8), 'p99 ms'.padStart(8));
    row('GET /api/auth/user, whole stack', stack);
    row('same JSON, bare node:http', baseline);
    row('one process, profiled', untraced);
    row('one process, profiled, tracing 1%', traced);
    const bench = 'session read';
    reportTarget(
      bench,
      ratioAtLeast('GET /api/auth/user through npm start / bare node:http', stack.rps / baseline.rps, 0.65),
    );
    reportTarget(bench, under('its p99', stack.p99, 20, 'ms'));
    reportTarget(bench, under('resident memory, idle after the load', idleAfterLoadMb, 300, 'MB'));
    console.log(`resident memory, idle after start: ${idleMb.toFixed(0)} MB`);
    reportTarget(bench, under('npm start until serving', startMs, 5000, 'ms'));
    const percent = (shares: Record<string, number>) =>
      Object.values(shares).reduce((sum, share) => sum + share, 0) * 100;
    const parts = (shares: Record<string, number>) =>
      Object.entries(shares)
        .map(([part, share]) => `${part} ${(share * 100).toFixed(1)}%`)
        .join(', ');
    console.log(`instrumentation by part, untraced: ${parts(untraced.shares)}; tracing 1%: ${parts(traced.shares)}`);
    reportTarget(bench, under("instrumentation's share of a request's CPU", percent(untraced.shares), 5, '%'));
    reportTarget(bench, under("tracing's share, tracing 1% of requests", traced.shares.tracing * 100, 5, '%'));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
