import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { waitFor } from '@tip/platform/testing';
import { json } from '../testing/browser.js';
import { registrationForm, startStack, type TestStack } from '../testing/start-stack.js';

let stack: TestStack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.stop());

describe('registration and the session cookie', () => {
  it('registers a pending member, who then signs in and is recognised by the cookie', async () => {
    const visitor = stack.browser();
    const registered = await visitor.postForm(
      '/api/auth/register',
      registrationForm({
        username: 'giulia',
        email: 'Giulia@Example.it',
        password: 'segreta1',
        telegramUsername: 'giuly',
      }),
    );
    expect(registered.status).toBe(201);
    expect(await json(registered)).toEqual({
      success: true,
      message: 'Registrazione completata',
      user: { username: 'giulia' },
    });
    // Registration signs the newcomer in, for the e-mail step (its code is the signed-in member's); later visits sign
    // in with the password as ever.
    expect((await visitor.get('/api/auth/user')).status).toBe(200);
    visitor.cookies.clear();
    expect((await visitor.get('/api/auth/user')).status).toBe(401);

    const login = await visitor.postJson('/api/auth/login', { email: 'giulia@example.it', password: 'segreta1' });
    expect(login.status).toBe(200);
    expect(await json(login)).toMatchObject({ success: true, message: 'Accesso effettuato' });
    const session = login.headers.getSetCookie().find((cookie) => cookie.startsWith('tip_session='));
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
    expect(session).toMatch(/Max-Age=604800/);
    expect(visitor.cookies.get('authUserId')).toBeTruthy();

    const me = await visitor.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.headers.get('cache-control')).toBe('no-store');
    const user = await json(me);
    expect(user).toMatchObject({
      id: visitor.cookies.get('authUserId'),
      username: 'giulia',
      email: 'giulia@example.it',
      verificationStatus: 'pending',
      telegramUsername: '@giuly',
      gender: 'male',
      orientation: 'etero',
      age: 30,
      city: 'Roma',
      region: 'Lazio',
      isAdmin: false,
      isTester: false,
      credits: 0,
    });
    expect(user).not.toHaveProperty('passwordHash');
    expect(typeof user.createdAt).toBe('string');
  });

  it('answers 409 with the Italian text for a taken username or e-mail, storing nothing', async () => {
    await stack.member('Paolo');
    const before = await stack.storedUserCount();
    const sameName = await stack
      .browser()
      .postForm(
        '/api/auth/register',
        registrationForm({ username: 'paolo', email: 'other@example.it', password: 'segreta1' }),
      );
    expect(sameName.status).toBe(409);
    expect(await json(sameName)).toEqual({ message: 'Nome utente già in uso' });
    const sameEmail = await stack
      .browser()
      .postForm(
        '/api/auth/register',
        registrationForm({ username: 'paolo2', email: 'PAOLO@example.it', password: 'segreta1' }),
      );
    expect(sameEmail.status).toBe(409);
    expect(await json(sameEmail)).toEqual({ message: 'Email già registrata' });
    expect(await stack.storedUserCount()).toBe(before);
  });

  it('answers 409 to a look-alike of a taken or reserved username, in the member’s language', async () => {
    const before = await stack.storedUserCount();
    const register = (username: string, language?: string) =>
      stack
        .browser(language)
        .postForm(
          '/api/auth/register',
          registrationForm({ username, email: `${language ?? 'it'}.lookalike@example.it`, password: 'segreta1' }),
        );
    // The admin the stack starts is "admin"; here it is spelt with a Cyrillic а.
    const lookalike = await register('аdmin');
    expect(lookalike.status).toBe(409);
    expect(await json(lookalike)).toEqual({ message: 'Nome utente troppo simile a uno già in uso: scegline un altro' });
    const reserved = await register('ѕupport', 'de');
    expect(reserved.status).toBe(409);
    expect(await json(reserved)).toEqual({
      message: 'Dieser Benutzername ist reserviert (oder sieht einem reservierten ähnlich): Bitte wähle einen anderen',
    });
    expect(await stack.storedUserCount()).toBe(before);
  });

  it('says errors in the language the browser asks for', async () => {
    const italian = await stack.browser().get('/api/auth/user');
    expect(await json(italian)).toEqual({ message: 'Non autenticato' });
    const english = await stack.browser('en-GB,en;q=0.9').get('/api/auth/user');
    expect(english.status).toBe(401);
    expect((await json(english)).message).not.toBe('Non autenticato');
    const unknown = await stack
      .browser('ja')
      .postJson('/api/auth/login', { email: 'nobody@example.it', password: 'x1234567' });
    expect(await json(unknown)).toEqual({ message: 'Credenziali non valide' });
  });
});

describe('the Secure flag', () => {
  it('marks the cookies Secure when a trusted proxy says the request came over https, though PUBLIC_URL is unset', async () => {
    const { email, password } = await stack.member('sicuro');
    const secureOnes = (response: Response) => response.headers.getSetCookie().map((cookie) => /; Secure/.test(cookie));

    const overHttp = await stack.browser().postJson('/api/auth/login', { email, password });
    expect(secureOnes(overHttp)).toEqual([false, false]);

    // The tests' requests come from loopback, which TRUST_PROXY trusts by default.
    const browser = stack.browser();
    const https = { 'X-Forwarded-Proto': 'https' };
    const overHttps = await browser.request('/api/auth/login', {
      method: 'POST',
      json: { email, password },
      headers: https,
    });
    expect(overHttps.status).toBe(200);
    expect(secureOnes(overHttps)).toEqual([true, true]);
    const logout = await browser.request('/api/logout', { headers: https });
    expect(logout.headers.getSetCookie().filter((cookie) => /Max-Age=0/.test(cookie))).toHaveLength(2);
    expect(secureOnes(logout)).toEqual([true, true]);
  });
});

describe('logout', () => {
  it('ends the session, clears both cookies and goes home; the old token stays refused', async () => {
    const { browser } = await stack.member('marta');
    const stolenCookie = browser.cookieHeader();
    expect((await browser.get('/api/auth/user')).status).toBe(200);

    const logout = await browser.get('/api/logout');
    expect(logout.status).toBe(302);
    expect(logout.headers.get('location')).toBe('/');
    expect(logout.headers.getSetCookie().filter((cookie) => /Max-Age=0/.test(cookie))).toHaveLength(2);
    expect(browser.cookies.size).toBe(0);
    expect((await browser.get('/api/auth/user')).status).toBe(401);

    // Whoever kept a copy of the cookie gets nowhere with it, however often they try.
    for (let i = 0; i < 3; i++) {
      const replay = await fetch(`${stack.url}/api/auth/user`, { headers: { Cookie: stolenCookie } });
      expect(replay.status).toBe(401);
    }
    const replayed = await fetch(`${stack.url}/api/auth/profile`, {
      method: 'PUT',
      headers: { Cookie: stolenCookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'hijacked' }),
    });
    expect(replayed.status).toBe(401);
  });

  it('is also served at /api/auth/logout, and without a session', async () => {
    const { browser } = await stack.member('lucia');
    const logout = await browser.get('/api/auth/logout');
    expect(logout.status).toBe(302);
    expect((await browser.get('/api/auth/user')).status).toBe(401);
    const visitor = await stack.browser().get('/api/logout');
    expect(visitor.status).toBe(302);
  });

  it('ignores the readable user-id cookie', async () => {
    const { id } = await stack.member('pietro');
    const forged = await fetch(`${stack.url}/api/auth/user`, { headers: { Cookie: `authUserId=${id}` } });
    expect(forged.status).toBe(401);
  });
});

describe('small routes', () => {
  it('sends /api/login to the login page', async () => {
    const response = await stack.browser().get('/api/login');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/login');
  });

  it('cleans up demo sessions by clearing the cookies', async () => {
    const browser = stack.browser();
    browser.cookies.set('authUserId', 'demo_user_42');
    const response = await browser.request('/api/cleanup-demo', { method: 'POST' });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ success: true });
    expect(browser.cookies.size).toBe(0);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await stack.browser().get('/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(await json(response)).toEqual({ message: 'Risorsa non trovata' });
  });

  it('reports liveness, with the ffmpeg content runs once it said, and readiness', async () => {
    expect(await json(await stack.browser().get('/api/health'))).toMatchObject({ status: 'ok' });
    const media = {
      ffmpegSource: 'system',
      ffmpegVersion: expect.stringMatching(/^ffmpeg version /),
      limitsEnforced: true,
    };
    await waitFor(
      async () => 'media' in (await json(await stack.browser().get('/api/health'))),
      5000,
      'content saying which ffmpeg',
    );
    expect(await json(await stack.browser().get('/api/health'))).toEqual({ status: 'ok', media });
    const ready = await stack.browser().get('/api/ready');
    expect(ready.status).toBe(200);
  });

  it('carries a request id, the caller’s when it sent one', async () => {
    const own = await fetch(`${stack.url}/api/auth/user`, { headers: { 'x-request-id': 'trace-123' } });
    expect(own.headers.get('x-request-id')).toBe('trace-123');
    const fresh = await Promise.all([1, 2].map(() => stack.browser().postJson('/api/auth/login', {})));
    const ids = fresh.map((response) => response.headers.get('x-request-id'));
    for (const id of ids) expect(id).toMatch(/^[\w-]{12}-[0-9a-z]+$/);
    expect(ids[0]).not.toBe(ids[1]);
    const forged = await fetch(`${stack.url}/api/nothing`, { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(forged.headers.get('x-request-id')).not.toContain('bad');
  });
});
