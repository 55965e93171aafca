// Debian's redis-server, with a password as production has one, keeping nothing on disk.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { freePort, logMatches, startDaemon, waitUntilReady } from './daemons.mjs';

const REDIS_SERVER = process.env.REDIS_SERVER ?? '/usr/bin/redis-server';

/** @param {{ runDir: string }} options */
export async function startRedis({ runDir }) {
  const dir = join(runDir, 'redis');
  await mkdir(dir, { recursive: true });
  const port = await freePort();
  const password = randomBytes(18).toString('base64url');
  const logFile = join(dir, 'redis.log');
  // In a file only its owner reads, not on the command line where ps shows it.
  const config = join(dir, 'redis.conf');
  await writeFile(
    config,
    `port ${port}\nbind 127.0.0.1\nrequirepass ${password}\nsave ""\nappendonly no\ndir ${dir}\n`,
    { mode: 0o600 },
  );
  const pid = startDaemon(REDIS_SERVER, [config], { logFile, cwd: dir });
  await waitUntilReady({
    name: 'redis',
    pid,
    logFile,
    timeoutMs: 15_000,
    ready: logMatches(logFile, /Ready to accept connections/),
  });
  return {
    pids: [pid],
    listens: `127.0.0.1:${port} (with a password, in REDIS_URL)`,
    env: { REDIS_URL: `redis://:${password}@127.0.0.1:${port}` },
  };
}
