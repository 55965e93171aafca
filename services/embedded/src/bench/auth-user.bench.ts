/**
 * `npm run bench`: what a signed-in page load costs. Measures, in one run on this machine:
 * - `npm start` on the built tree until it serves;
 * - resident memory of the one-process platform when idle;
 * - requests/s and p99 of GET /api/auth/user with a session through the whole stack (BFF + identity),
 *   next to a bare node:http server answering the same JSON, and their ratio.
 * Servers run in child processes; the load generator (autocannon) runs here, on the other core.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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

function startPlatform(command: string, args: string[], port: number, dataDir: string): ChildProcess {
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
    },
  });
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
    const platform = startPlatform(process.execPath, ['services/embedded/dist/main.js'], port, dataDir);
    await waitUntilServing(`${base}/api/health`, 30_000);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
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
    await stop(bare);

    const row = (name: string, figures: { rps: number; p99: number }) =>
      console.log(name.padEnd(34), figures.rps.toFixed(0).padStart(8), figures.p99.toFixed(1).padStart(8));
    console.log(`\n${CONNECTIONS} connections, ${DURATION_S} s each`);
    console.log('case'.padEnd(34), 'req/s'.padStart(8), 'p99 ms'.padStart(8));
    row('GET /api/auth/user, whole stack', stack);
    row('same JSON, bare node:http', baseline);
    const bench = 'session read';
    reportTarget(
      bench,
      ratioAtLeast('GET /api/auth/user through npm start / bare node:http', stack.rps / baseline.rps, 0.65),
    );
    reportTarget(bench, under('its p99', stack.p99, 20, 'ms'));
    reportTarget(bench, under('resident memory, idle after the load', idleAfterLoadMb, 300, 'MB'));
    console.log(`resident memory, idle after start: ${idleMb.toFixed(0)} MB`);
    reportTarget(bench, under('npm start until serving', startMs, 5000, 'ms'));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
