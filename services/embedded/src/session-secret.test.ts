import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { persistedSessionSecret } from './session-secret.js';

describe('the persisted session secret', () => {
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tip-secret-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('is made once, kept, and leaves nothing else behind', async () => {
    const secret = await persistedSessionSecret(dir);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(await persistedSessionSecret(dir)).toBe(secret);
    expect(await readdir(dir)).toEqual(['session-secret']);
  });

  it('refuses, naming the file, a secret that a crash left empty or that is too short to sign with', async () => {
    for (const content of ['', 'short\n']) {
      await writeFile(join(dir, 'session-secret'), content);
      await expect(persistedSessionSecret(dir)).rejects.toThrow(/session-secret/);
    }
  });
});
