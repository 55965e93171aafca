import { afterEach, describe, expect, it } from '@jest/globals';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@tip/platform';
import { waitFor } from '@tip/platform/testing';
import { supervise, type Supervised } from './supervisor.js';

const logger = createLogger('supervisor-test', 'silent');
const quick = { firstDelayMs: 10, maxDelayMs: 40, maxCrashes: 3, windowMs: 60_000 };
const superviseQuickly = (script: string, onGiveUp: (name: string) => void) =>
  supervise({ name: 'child', script, env: {}, logger, policy: quick, onGiveUp });

describe('supervise', () => {
  let dir: string;
  let supervised: Supervised | undefined;
  afterEach(async () => {
    await supervised?.stop();
    supervised = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  /** A script that counts its runs in `runs` and then does what `body` says (its run number is `run`). */
  async function script(body: string) {
    dir = await mkdtemp(join(tmpdir(), 'tip-supervisor-'));
    const runs = join(dir, 'runs');
    await writeFile(runs, '');
    const path = join(dir, 'child.mjs');
    await writeFile(
      path,
      `import { appendFileSync, readFileSync } from 'node:fs';
appendFileSync(${JSON.stringify(runs)}, 'x');
const run = readFileSync(${JSON.stringify(runs)}, 'utf8').length;
${body}`,
    );
    return { path, runs: async () => (await readFile(runs, 'utf8')).length };
  }

  it('starts a process that crashed again, and leaves it running once it stays up', async () => {
    const child = await script('if (run < 3) process.exit(7); setInterval(() => {}, 1000);');
    let gaveUp = false;
    supervised = superviseQuickly(child.path, () => (gaveUp = true));
    await waitFor(async () => (await child.runs()) === 3, 10_000, 'the third run');
    const third = supervised.current();
    expect(third.exitCode).toBeNull();
    expect(gaveUp).toBe(false);
    expect(await supervised.stop()).toBe(null);
    expect(third.signalCode).toBe('SIGTERM');
    expect(await child.runs()).toBe(3);
  });

  it('gives up on a process that keeps crashing, once', async () => {
    const child = await script('process.exit(7);');
    const gaveUp: string[] = [];
    supervised = superviseQuickly(child.path, (name) => gaveUp.push(name));
    await waitFor(() => gaveUp.length > 0, 10_000, 'giving up');
    // The first run and three restarts: the fourth crash is one more than the policy allows.
    expect(await child.runs()).toBe(4);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect({ runs: await child.runs(), gaveUp }).toEqual({ runs: 4, gaveUp: ['child'] });
  });
});
