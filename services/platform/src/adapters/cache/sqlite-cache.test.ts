import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { access, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteCache } from './sqlite-cache.js';

describe('the embedded cache shared by the processes on one data directory', () => {
  let dir: string;
  const opened: SqliteCache[] = [];
  const open = async () => {
    const cache = await SqliteCache.open(dir);
    opened.push(cache);
    return cache;
  };

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tip-cache-'));
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((cache) => cache.close()));
    await rm(dir, { recursive: true, force: true });
  });

  it('answers in one process what another set or deleted, as npm start’s workers share revoked sessions', async () => {
    const [first, second] = [await open(), await open()];
    await first.set('session:revoked:a', '1', 60_000);
    expect(await second.get('session:revoked:a')).toBe('1');
    await second.delete('session:revoked:a');
    expect(await first.get('session:revoked:a')).toBeNull();
  });

  it('counts one limit across processes: the attempts made through either', async () => {
    const [first, second] = [await open(), await open()];
    const options = { name: 'login', points: 3, durationMs: 60_000 };
    const [here, there] = [first.rateLimiter(options), second.rateLimiter(options)];
    expect((await here.consume('1.2.3.4')).consumed).toBe(1);
    expect((await there.consume('1.2.3.4')).consumed).toBe(2);
    expect((await here.consume('1.2.3.4')).allowed).toBe(true);
    const refused = await there.consume('1.2.3.4');
    expect(refused).toMatchObject({ allowed: false, consumed: 4 });
    await here.reset('1.2.3.4');
    expect(await there.consume('1.2.3.4')).toEqual({ allowed: true, retryAfterMs: 0, consumed: 1 });
  });

  it('counts attempts made at once through two processes exactly: each count answered once, the limit held', async () => {
    const [first, second] = [await open(), await open()];
    const options = { name: 'messages', points: 30, durationMs: 60_000 };
    const [here, there] = [first.rateLimiter(options), second.rateLimiter(options)];
    const results = await Promise.all(
      Array.from({ length: 80 }, (_, n) => (n % 2 === 0 ? here : there).consume('member-1')),
    );
    expect(results.map(({ consumed }) => consumed).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 80 }, (_, n) => n + 1),
    );
    expect(results.filter(({ allowed }) => allowed)).toHaveLength(30);
  });

  it('takes over the values an earlier version journaled, once, and drops the journal', async () => {
    const journal = join(dir, 'cache', 'values.jsonl');
    await mkdir(join(dir, 'cache'));
    const later = Date.now() + 60_000;
    await writeFile(
      journal,
      [
        { k: 'session:revoked:kept', v: '1', x: later },
        { k: 'session:revoked:forever', v: '1', x: null },
        { k: 'expired', v: '1', x: Date.now() - 1 },
        { k: 'deleted', v: '1', x: null },
        { k: 'deleted' },
      ]
        .map((line) => JSON.stringify(line))
        .join('\n') + '\n{"k":"torn","v',
    );
    const cache = await open();
    expect(await cache.get('session:revoked:kept')).toBe('1');
    expect(await cache.get('session:revoked:forever')).toBe('1');
    for (const gone of ['expired', 'deleted', 'torn']) expect(await cache.get(gone)).toBeNull();
    await expect(access(journal)).rejects.toThrow(/ENOENT/);
  });
});
