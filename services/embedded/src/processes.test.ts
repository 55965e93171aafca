import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { ADMIT_AT_ANY_LOAD, scaled, waitFor } from '@tip/platform/testing';
import { startBuiltPlatform, type BuiltPlatform } from './testing/built-platform.js';

// A killed service is started again and the platform answers through it.
jest.setTimeout(scaled(90_000));

/** `npm run start:processes` on a scratch data directory. */
describe('a process per service', () => {
  let platform: BuiltPlatform;
  beforeAll(async () => {
    platform = await startBuiltPlatform('processes', { LOG_LEVEL: 'info', ...ADMIT_AT_ANY_LOAD }, 'processes-main.js');
  }, scaled(90_000));
  afterAll(() => platform.stop(), scaled(40_000));

  it('starts a service again after it was killed, and the platform answers through it as before', async () => {
    const cookie = await platform.adminCookie();
    const feed = () => fetch(`${platform.base}/api/feed`, { headers: { cookie } }).then((response) => response.status);
    // Content's process may still be starting when the BFF answers (it is ready once identity is).
    await waitFor(async () => (await feed()) === 200, 30_000, 'the feed');

    const started = /"pids":(\{[^}]*\})/.exec(platform.output());
    const pids = JSON.parse(started?.[1] ?? '{}') as Record<string, number>;
    expect(Object.keys(pids).sort()).toEqual([
      'bff',
      'content',
      'identity',
      'messaging',
      'moderation',
      'notifications',
      'wallet',
    ]);
    process.kill(pids.content as number, 'SIGKILL');
    await waitFor(() => /starting it again/.test(platform.output()), 10_000, 'the restart');
    await waitFor(async () => (await feed()) === 200, 30_000, 'the feed again');
    expect(platform.running()).toBe(true);
  });
});
