import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { scaled } from '@tip/platform/testing';
import { json } from '../testing/browser.js';
import { registrationForm, startStack, type TestStack } from '../testing/start-stack.js';

let stack: TestStack;

/**
 * The login window: a setting under test, which what a test does inside it must fit (100 logins at once among them),
 * so it is a budget too and scales with the machine. Each test signs in from addresses of its own, so none needs the
 * window to pass for the next to start afresh; only the tests that show it passing sleep it through.
 */
/** In whole seconds, as the setting is. */
const WINDOW_MS = Math.ceil(scaled(3_000) / 1000) * 1000;

beforeAll(async () => {
  stack = await startStack({
    env: {
      LOGIN_LIMIT_PER_ACCOUNT: '3',
      LOGIN_LIMIT_PER_ADDRESS: '12',
      LOGIN_LIMIT_WINDOW_SECONDS: String(WINDOW_MS / 1000),
      REGISTER_LIMIT_PER_ADDRESS: '3',
      REGISTER_LIMIT_WINDOW_SECONDS: '60',
    },
  });
});
afterAll(() => stack.stop());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A login attempt from `address` (the BFF trusts X-Forwarded-For from loopback, TRUST_PROXY's default). */
const loginFrom = (address: string, email: string, password: string) =>
  stack.browser().request('/api/auth/login', {
    method: 'POST',
    headers: { 'X-Forwarded-For': address },
    json: { email, password },
  });

/** An account registered from an address of its own, so that it counts against no other test's registrations. */
async function account(name: string, address: string) {
  const email = `${name}@example.it`;
  const password = `password-${name}`;
  const registered = await stack.browser().request('/api/auth/register', {
    method: 'POST',
    headers: { 'X-Forwarded-For': address },
    body: registrationForm({ username: name, email, password }),
  });
  expect(registered.status).toBe(201);
  return { email, password };
}

describe('rate limits', () => {
  it('refuses an account after repeated wrong passwords, even the right one, until the window passes', async () => {
    const { email, password, id } = await stack.member('bruno');
    const before = await stack.identity.GetUser({ userId: id, viewerId: id });
    const attempt = (pass: string) => loginFrom('198.51.100.1', email, pass);

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
    const right = await loginFrom('198.51.100.1', email.toUpperCase(), password);
    expect(right.status).toBe(429);
    expect(right.headers.getSetCookie()).toEqual([]);

    await sleep(WINDOW_MS + 100);
    expect((await attempt(password)).status).toBe(200);
    expect(await stack.identity.GetUser({ userId: id, viewerId: id })).toEqual(before);
  });

  it('forgets an account’s failures after a successful login', async () => {
    const { email, password } = await stack.member('carla');
    const attempt = (pass: string) => loginFrom('198.51.100.2', email, pass);
    await attempt('wrong-password');
    await attempt('wrong-password');
    expect((await attempt(password)).status).toBe(200);
    await attempt('wrong-password');
    await attempt('wrong-password');
    expect((await attempt(password)).status).toBe(200);
  });

  it('lets the owner in from another address at once after an attacker’s 100 failures from one', async () => {
    const { email, password } = await account('fabio', '198.51.100.10');
    const from = (address: string, pass: string) => loginFrom(address, email, pass);
    // Together, to stay well inside the window: three reach the password check, the rest are refused.
    const attack = await Promise.all(Array.from({ length: 100 }, (_, i) => from('198.51.100.7', `guess-${i}`)));
    const statuses = attack.map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(97);

    const owner = await from('203.0.113.20', password);
    expect(owner.status).toBe(200);
    expect(owner.headers.getSetCookie()).not.toEqual([]);
    // The attacker's address stays refused, even with the right password.
    const attacker = await from('198.51.100.7', password);
    expect(attacker.status).toBe(429);
    expect(Number(attacker.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('makes the addresses that failed on an account wait once its failures pass the limit, not a fresh address', async () => {
    const { email, password } = await account('gino', '198.51.100.11');
    const from = (address: string, pass: string) => loginFrom(address, email, pass);
    // Five addresses guess once each: two failures past the account's three.
    const guesses = await Promise.all([1, 2, 3, 4, 5].map((n) => from(`192.0.2.${n}`, 'wrong-password')));
    expect(guesses.map((response) => response.status)).toEqual([401, 401, 401, 401, 401]);

    // Each of them now waits before its second try, right password or not...
    const slowed = await from('192.0.2.1', password);
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await json(slowed)).toEqual({ message: 'Troppi tentativi. Riprova tra qualche minuto.' });
    expect((await from('192.0.2.2', 'another-guess')).status).toBe(429);
    // ...while the owner, from an address that never failed on the account, signs in at once.
    expect((await from('192.0.2.99', password)).status).toBe(200);

    await sleep(WINDOW_MS + 100);
    expect((await from('192.0.2.1', password)).status).toBe(200);
  });

  it('limits the logins of one address across accounts, exactly when they come at once', async () => {
    // Each attempt is counted as it arrives, before its password is checked: sent together, all 13 arrive within the
    // window however slowly the machine hashes (one after the other, beside another suite, they outlasted it).
    const attempts = await Promise.all(
      Array.from({ length: 13 }, (_, i) => loginFrom('198.51.100.40', `guess${i}@example.it`, 'guess-1')),
    );
    const statuses = attempts.map((response) => response.status).sort((a, b) => a - b);
    expect(statuses).toEqual([...Array<number>(12).fill(401), 429]);
  });

  it('counts an IPv6 network (/64) as one address, and an IPv4-mapped address as its IPv4 one', async () => {
    const from = (address: string, i: number) => loginFrom(address, `spray${i}@example.it`, 'guess-1');
    // One subscriber holds a whole /64: each attempt from a fresh address in it must still count against it. The
    // attempts run together, to stay well inside the window.
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
  });

  it('limits registrations per address', async () => {
    // From an address of its own: the members of the other tests came from 127.0.0.1.
    const register = (name: string) =>
      stack.browser().request('/api/auth/register', {
        method: 'POST',
        headers: { 'X-Forwarded-For': '198.51.100.30' },
        body: registrationForm({ username: name, email: `${name}@example.it`, password: 'segreta1' }),
      });
    for (const name of ['dario', 'elio', 'franca']) expect((await register(name)).status).toBe(201);
    const before = await stack.storedUserCount();
    const refused = await register('elena');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect(await stack.storedUserCount()).toBe(before);
  });
});
