import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, spawnNode, waitUntilServing } from '@tip/platform/processes';

const main = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

export interface BuiltPlatform {
  /** Where its public port answers, `http://127.0.0.1:<port>`. */
  base: string;
  admin: { email: string; password: string };
  /** The last 64 kB it printed on stdout and stderr. */
  output(): string;
  /** Stops it (SIGTERM) and removes its scratch data directory. */
  stop(): Promise<void>;
}

/**
 * The platform as `npm start` runs it (the built dist/main.js) on a scratch data directory with the embedded engines
 * whatever this machine's environment names, once it serves; `env` adds or overrides its settings.
 */
export async function startBuiltPlatform(name: string, env: Record<string, string> = {}): Promise<BuiltPlatform> {
  const dataDir = mkdtempSync(join(tmpdir(), `tip-${name}-`));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const admin = { email: `${name}-admin@tip.local`, password: `${name}-password-1` };
  const { REDIS_URL: _redis, MONGO_URL: _mongo, KAFKA_BROKERS: _kafka, S3_ENDPOINT: _s3, ...inherited } = process.env;
  const platform = spawnNode(main, {
    ...inherited,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    ...env,
  });
  await waitUntilServing(`${base}/api/health`, platform, 30_000);
  return {
    base,
    admin,
    output: () => platform.output(),
    async stop() {
      await platform.stop('SIGTERM', 30_000);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
