// An S3 server: s3rver (an npm package, pure JavaScript), the one the objects suite starts when S3_ENDPOINT is unset.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, logMatches, startDaemon, waitUntilReady } from './daemons.mjs';

const S3_SERVER_SCRIPT = fileURLToPath(new URL('../../services/platform/src/testing/s3-server.mjs', import.meta.url));

/** Nothing to fetch or build: the package is a devDependency. */
export async function prepareS3() {
  return S3_SERVER_SCRIPT;
}

/** @param {{ prepared: string, runDir: string }} options */
export async function startS3({ prepared, runDir }) {
  const dir = join(runDir, 's3');
  await mkdir(dir, { recursive: true });
  const port = await freePort();
  const logFile = join(dir, 's3.log');
  const pid = startDaemon(process.execPath, [prepared, String(port), join(dir, 'buckets')], { logFile, cwd: dir });
  await waitUntilReady({ name: 's3', pid, logFile, timeoutMs: 15_000, ready: logMatches(logFile, /S3 server ready/) });
  return {
    pids: [pid],
    listens: `http://127.0.0.1:${port} (s3rver)`,
    // s3rver's one account.
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY: 'S3RVER',
      S3_SECRET_KEY: 'S3RVER',
      S3_BUCKET: 'tip-media',
    },
  };
}
