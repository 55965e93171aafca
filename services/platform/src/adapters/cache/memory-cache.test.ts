import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { appendFile, cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryCache } from './memory-cache.js';

describe('the embedded cache on disk', () => {
  let dir: string;
  const file = () => join(dir, 'cache', 'values.jsonl');

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tip-cache-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('has every set and delete on disk when it resolves, as after a crash', async () => {
    const cache = await MemoryCache.open(dir);
    await cache.set('session:revoked:a', '1', 60_000);
    await cache.set('session:revoked:b', '1');
    await cache.delete('session:revoked:b');

    const copy = join(dir, 'after-crash');
    await cp(join(dir, 'cache'), join(copy, 'cache'), { recursive: true });
    const recovered = await MemoryCache.open(copy);
    expect(await recovered.get('session:revoked:a')).toBe('1');
    expect(await recovered.get('session:revoked:b')).toBeNull();
    await recovered.close();
    await cache.close();
  });

  it('ignores a write torn by a crash, and keeps only live values when it compacts', async () => {
    const cache = await MemoryCache.open(dir);
    await cache.set('kept', 'yes');
    await cache.set('expired', 'yes', 1);
    await cache.close();
    await appendFile(file(), '{"k":"torn","v":"hal');

    const reopened = await MemoryCache.open(dir);
    expect(await reopened.get('kept')).toBe('yes');
    expect(await reopened.get('torn')).toBeNull();
    await reopened.close();
    expect((await readFile(file(), 'utf8')).trim().split('\n')).toEqual(['{"k":"kept","v":"yes","x":null}']);
  });

  it('rewrites its file during a long run of writes, so the file stays as small as its values', async () => {
    const cache = await MemoryCache.open(dir);
    for (let i = 0; i < 2500; i++) await cache.set('presence', String(i), 60_000);
    const lines = (await readFile(file(), 'utf8')).trim().split('\n');
    expect(lines.length).toBeLessThanOrEqual(1001);
    await cache.close();
    const reopened = await MemoryCache.open(dir);
    expect(await reopened.get('presence')).toBe('2499');
    await reopened.close();
  });

  it('refuses to open a directory twice in one process', async () => {
    const cache = await MemoryCache.open(dir);
    await expect(MemoryCache.open(dir)).rejects.toThrow(/already open/);
    await cache.close();
    await (await MemoryCache.open(dir)).close();
  });
});
