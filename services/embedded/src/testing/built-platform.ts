import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, spawnNode, waitUntilServing } from '@tip/platform/processes';

/** `npm start`'s entry point, or `npm run start:processes`'s (a process per service). */
export type PlatformEntry = 'main.js' | 'processes-main.js';

export interface BuiltPlatform {
  /** Where its public port answers, `http://127.0.0.1:<port>`. */
  base: string;
  admin: { email: string; password: string };
  /** Its scratch data directory (its event log, for a bench that publishes onto it). */
  dataDir: string;
  /** Its process id (for its resident memory). */
  pid: number;
  /** The last 64 kB it printed on stdout and stderr. */
  output(): string;
  /** Whether its process is still running. */
  running(): boolean;
  /** Signs the admin in; answers the Cookie header of the session. */
  adminCookie(): Promise<string>;
  /** Stops it (SIGTERM) and removes its scratch data directory. */
  stop(): Promise<void>;
}

/**
 * The platform as `npm start` runs it (the built dist/main.js, or `entry`) on a scratch data directory with the
 * embedded engines whatever this machine's environment names, once it is ready (identity answers); `env` adds or overrides its settings.
 */
export async function startBuiltPlatform(
  name: string,
  env: Record<string, string> = {},
  entry: PlatformEntry = 'main.js',
): Promise<BuiltPlatform> {
  const dataDir = mkdtempSync(join(tmpdir(), `tip-${name}-`));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const admin = { email: `${name}-admin@tip.local`, password: `${name}-password-1` };
  const { REDIS_URL: _redis, MONGO_URL: _mongo, KAFKA_BROKERS: _kafka, S3_ENDPOINT: _s3, ...inherited } = process.env;
  const platform = spawnNode(fileURLToPath(new URL(`../../dist/${entry}`, import.meta.url)), {
    ...inherited,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // One process, as before npm start ran a worker per core: the suite's load stays what it was.
    WORKERS: '1',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    ...env,
  });
  // Ready, not only alive: with a process per service the BFF answers before identity does, and a test signs in first.
  await waitUntilServing(`${base}/api/ready`, platform);
  return {
    base,
    admin,
    dataDir,
    pid: platform.child.pid ?? 0,
    output: () => platform.output(),
    running: () => platform.child.exitCode === null && platform.child.signalCode === null,
    async adminCookie() {
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(admin),
      });
      if (login.status !== 200) throw new Error(`signing the admin in: HTTP ${login.status} ${await login.text()}`);
      return login.headers
        .getSetCookie()
        .map((value) => value.split(';')[0])
        .join('; ');
    },
    async stop() {
      await platform.stop('SIGTERM', 30_000);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
