import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { json } from '../testing/browser.js';
import { registrationForm, startStack, type TestStack } from '../testing/start-stack.js';

let stack: TestStack;

beforeAll(async () => {
  stack = await startStack({
    env: {
      LOGIN_LIMIT_PER_ACCOUNT: '3',
      LOGIN_LIMIT_PER_ADDRESS: '12',
      LOGIN_LIMIT_WINDOW_SECONDS: '1.5',
      REGISTER_LIMIT_PER_ADDRESS: '3',
      REGISTER_LIMIT_WINDOW_SECONDS: '60',
    },
  });
});
afterAll(() => stack.stop());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('rate limits', () => {
  it('refuses an account after repeated wrong passwords, even the right one, until the window passes', async () => {
    const { email, password, id } = await stack.member('bruno');
    const before = await stack.identity.GetUser({ userId: id, viewerId: id });
    const attempt = (pass: string) => stack.browser().postJson('/api/auth/login', { email, password: pass });

    for (let i = 0; i < 3; i++) {
      const wrong = await attempt('wrong-password');
      expect(wrong.status).toBe(401);
      expect(await json(wrong)).toEqual({ message: 'Credenziali non valide' });
    }
    const limited = await attempt('wrong-password');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await json(limited)).toEqual({ message: 'Troppi tentativi. Riprova tra qualche minuto.' });

    // The right password does not get through either, and the account's e-mail in other case counts the same.
    const right = await stack.browser().postJson('/api/auth/login', { email: email.toUpperCase(), password });
    expect(right.status).toBe(429);
    expect(right.headers.getSetCookie()).toEqual([]);

    await sleep(1600);
    expect((await attempt(password)).status).toBe(200);
    expect(await stack.identity.GetUser({ userId: id, viewerId: id })).toEqual(before);
  });

  it('forgets an account’s failures after a successful login', async () => {
    const { email, password } = await stack.member('carla');
    const attempt = (pass: string) => stack.browser().postJson('/api/auth/login', { email, password: pass });
    await attempt('wrong-password');
    await attempt('wrong-password');
    expect((await attempt(password)).status).toBe(200);
    await attempt('wrong-password');
    await attempt('wrong-password');
    expect((await attempt(password)).status).toBe(200);
    await sleep(1600);
  });

  it('limits the logins of one address across accounts', async () => {
    const attempts = [];
    for (let i = 0; i < 13; i++) {
      attempts.push(
        await stack.browser().postJson('/api/auth/login', { email: `guess${i}@example.it`, password: 'guess-1' }),
      );
    }
    expect(attempts.slice(0, 12).map((response) => response.status)).toEqual(Array(12).fill(401));
    expect(attempts[12]?.status).toBe(429);
    await sleep(1600);
  });

  it('counts an IPv6 network (/64) as one address, and an IPv4-mapped address as its IPv4 one', async () => {
    // The BFF trusts X-Forwarded-For from loopback (TRUST_PROXY's default), as behind a local proxy.
    const from = (address: string, i: number) =>
      stack.browser().request('/api/auth/login', {
        method: 'POST',
        headers: { 'X-Forwarded-For': address },
        json: { email: `spray${i}@example.it`, password: 'guess-1' },
      });
    // One subscriber holds a whole /64: each attempt from a fresh address in it must still count against it. The
    // attempts run together, to stay well inside the 1.5 s window.
    const network = await Promise.all(
      Array.from({ length: 12 }, (_, i) => from(`2001:db8:a:b:${(i + 1).toString(16)}::1`, i)),
    );
    expect(network.map((response) => response.status)).toEqual(Array(12).fill(401));
    expect((await from('2001:db8:a:b:ffff:1:2:3', 12)).status).toBe(429);
    expect((await from('2001:db8:a:c::1', 13)).status).toBe(401);

    const mapped = await Promise.all(
      Array.from({ length: 12 }, (_, i) => from(i % 2 ? '::ffff:203.0.113.7' : '203.0.113.7', i)),
    );
    expect(mapped.map((response) => response.status)).toEqual(Array(12).fill(401));
    expect((await from('::ffff:203.0.113.7', 12)).status).toBe(429);
    await sleep(1600);
  });

  it('limits registrations per address', async () => {
    // Two members exist already from this address (the earlier tests); one more is allowed.
    const register = (name: string) =>
      stack
        .browser()
        .postForm(
          '/api/auth/register',
          registrationForm({ username: name, email: `${name}@example.it`, password: 'segreta1' }),
        );
    expect((await register('dario')).status).toBe(201);
    const before = await stack.storedUserCount();
    const refused = await register('elena');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect(await stack.storedUserCount()).toBe(before);
  });
});
