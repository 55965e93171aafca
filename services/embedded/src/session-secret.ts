import { randomBytes } from 'node:crypto';
import { link, mkdir, open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** What SESSION_SECRET itself must have. */
const MIN_LENGTH = 32;

/**
 * The session-signing secret of an embedded install: generated once and kept in DATA_DIR, so sessions survive a
 * restart without anyone having to configure a secret.
 */
export async function persistedSessionSecret(dataDir: string): Promise<string> {
  const file = join(dataDir, 'session-secret');
  const existing = await readSecret(file);
  if (existing !== undefined) return existing;
  await mkdir(dataDir, { recursive: true });
  // Written whole to a temporary file, then linked into place: a crash never leaves a partial secret behind, and
  // of two starts racing, the second finds the first one's secret (link refuses to replace a file).
  const temp = join(dataDir, `.session-secret-${randomBytes(6).toString('hex')}`);
  const handle = await open(temp, 'wx', 0o600);
  try {
    await handle.writeFile(randomBytes(48).toString('base64url'));
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await link(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await rm(temp, { force: true });
  }
  const secret = await readSecret(file);
  if (secret === undefined) throw new Error(`${file} vanished while it was being created`);
  return secret;
}

/** The secret in `file`, undefined when there is none yet; a file that holds no usable secret stops start-up. */
async function readSecret(file: string): Promise<string | undefined> {
  let secret: string;
  try {
    secret = (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  if (secret.length < MIN_LENGTH) {
    throw new Error(
      `${file} holds no usable session secret (at least ${MIN_LENGTH} characters): delete it to have a new one made ` +
        '(signing everyone out), or set SESSION_SECRET',
    );
  }
  return secret;
}
