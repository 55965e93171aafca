/** The deployment smoke test, run against the platform as `npm start` runs it (the built dist/main.js). */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { ADMIT_AT_ANY_LOAD, scaled } from '@tip/platform/testing';
import { startBuiltPlatform, type BuiltPlatform } from '../testing/built-platform.js';
import { runSmoke } from './smoke.js';

// The journey is one test through the built platform.
jest.setTimeout(scaled(60_000));

let platform: BuiltPlatform;
let base: string;
let ADMIN: BuiltPlatform['admin'];

// As installed: posts wait for a moderator (the smoke test approves its own).
beforeAll(async () => {
  platform = await startBuiltPlatform('smoke', ADMIT_AT_ANY_LOAD);
  ({ base, admin: ADMIN } = platform);
}, scaled(90_000));
afterAll(() => platform.stop());

describe('npm run smoke', () => {
  it('walks a deployment through the members’ main journey and leaves nothing behind', async () => {
    const steps = await runSmoke({ baseUrl: base, adminEmail: ADMIN.email, adminPassword: ADMIN.password });
    expect(steps.map(({ step }) => step)).toEqual([
      'the platform answers',
      'the admin signs in',
      'two members register',
      'the admin approves both',
      'the first posts (approved by the admin if posts wait)',
      'the second likes it',
      'the second buys 10 credits with the demo card',
      'the second writes to the first (2 credits)',
      'the admin deletes both (cleaning up)',
    ]);
    const cookie = await platform.adminCookie();
    const users = (await (await fetch(`${base}/api/admin/users?search=smoke_`, { headers: { cookie } })).json()) as {
      total: number;
    };
    expect(users.total).toBe(0);
  });

  it('stops at the first step that fails, saying what the server answered', async () => {
    await expect(runSmoke({ baseUrl: base, adminEmail: ADMIN.email, adminPassword: 'wrong-password' })).rejects.toThrow(
      /signing in smoke-admin@tip.local: HTTP 401/,
    );
  });
});
