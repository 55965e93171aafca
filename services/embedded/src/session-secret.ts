import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The session-signing secret of an embedded install: generated once and kept in DATA_DIR, so sessions survive a
 * restart without anyone having to configure a secret.
 */
export async function persistedSessionSecret(dataDir: string): Promise<string> {
  const file = join(dataDir, 'session-secret');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  // 'wx': if two starts race, one fails loudly instead of both writing different secrets.
  await writeFile(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}
