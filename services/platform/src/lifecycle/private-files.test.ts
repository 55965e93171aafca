import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { chmod, mkdir, mkdtemp, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makePrivate } from './private-files.js';

/** Every path under `dir` (itself included) with its permission bits, as `ls -l` would show them in octal. */
async function modes(dir: string): Promise<Record<string, string>> {
  const paths = ['', ...(await readdir(dir, { recursive: true }))];
  const entries = await Promise.all(
    paths.map(async (path) => [path, ((await stat(join(dir, path))).mode & 0o777).toString(8)] as const),
  );
  return Object.fromEntries(entries);
}

describe('makePrivate', () => {
  let dir: string;
  let outside: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tip-private-'));
    outside = await mkdtemp(join(tmpdir(), 'tip-outside-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
    await rm(outside, { recursive: true, force: true });
  });

  it('takes the group’s and others’ permissions off every file and directory, and counts them', async () => {
    await mkdir(join(dir, 'identity'));
    await mkdir(join(dir, 'media', 'verification'), { recursive: true });
    await writeFile(join(dir, 'identity', 'documents.sqlite'), 'hashes');
    await writeFile(join(dir, 'media', 'verification', 'face.webp'), 'a face');
    await writeFile(join(dir, 'session-secret'), 'secret', { mode: 0o600 });
    await writeFile(join(dir, 'run.sh'), '#!/bin/sh');
    for (const path of ['', 'identity', 'media', join('media', 'verification')]) await chmod(join(dir, path), 0o755);
    await chmod(join(dir, 'identity', 'documents.sqlite'), 0o644);
    await chmod(join(dir, 'media', 'verification', 'face.webp'), 0o664);
    await chmod(join(dir, 'run.sh'), 0o755);

    expect(await makePrivate(dir)).toBe(7);
    expect(await modes(dir)).toEqual({
      '': '700',
      identity: '700',
      [join('identity', 'documents.sqlite')]: '600',
      media: '700',
      [join('media', 'verification')]: '700',
      [join('media', 'verification', 'face.webp')]: '600',
      'session-secret': '600',
      'run.sh': '700',
    });
    expect(await makePrivate(dir)).toBe(0);
  });

  it('leaves what a symbolic link points to as it is, and a missing directory has nothing to change', async () => {
    await writeFile(join(outside, 'shared.txt'), 'not ours');
    await chmod(join(outside, 'shared.txt'), 0o644);
    await chmod(dir, 0o700);
    await symlink(join(outside, 'shared.txt'), join(dir, 'link'));
    expect(await makePrivate(dir)).toBe(0);
    expect(((await stat(join(outside, 'shared.txt'))).mode & 0o777).toString(8)).toBe('644');
    expect(await makePrivate(join(dir, 'nothing-here'))).toBe(0);
  });
});
