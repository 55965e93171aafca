import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { scaled, startOidcProvider, type TestOidcProvider } from '@tip/platform/testing';
import { generateSync } from 'otplib';
import { Browser, json } from '../testing/browser.js';
import { JPEG, oversizeJpeg } from '../testing/images.js';
import { startStack, type TestStack } from '../testing/start-stack.js';

/** Browsers reach the BFF here; the tests map it to the real address (so the provider's redirect URI is fixed). */
const PUBLIC_URL = 'http://tip.test';
const CLIENT = { clientId: 'tip-test-client', clientSecret: 'tip-test-client-secret' };

let provider: TestOidcProvider;
let stack: TestStack;
let unconfigured: TestStack;

beforeAll(async () => {
  provider = await startOidcProvider({ ...CLIENT, redirectUri: `${PUBLIC_URL}/api/auth/google/callback` });
  [stack, unconfigured] = await Promise.all([
    startStack({
      env: {
        PUBLIC_URL,
        GOOGLE_CLIENT_ID: CLIENT.clientId,
        GOOGLE_CLIENT_SECRET: CLIENT.clientSecret,
        GOOGLE_ISSUER: provider.issuer,
      },
    }),
    startStack(),
  ]);
}, scaled(60_000));
afterAll(async () => {
  await Promise.all([stack?.stop(), unconfigured?.stop(), provider?.stop()]);
});

/**
 * Signs in with the provider as a person would: the BFF's button, the provider's login form (any password; the
 * login name picks the Google account), its consent form, and back to the BFF's callback. Returns where the BFF
 * finally sends the browser.
 */
async function googleSignIn(app: Browser, start: string, account: string): Promise<string> {
  const idp = new Browser(provider.issuer);
  let response = await app.get(start);
  let base = new URL(stack.url);
  for (let hop = 0; hop < 20; hop++) {
    const location = response.headers.get('location');
    if (response.status < 300 || response.status > 303 || !location)
      throw new Error(`unexpected ${response.status}: ${await response.text()}`);
    const url = new URL(location, base);
    if (url.origin === new URL(stack.url).origin || url.origin === PUBLIC_URL) {
      if (url.pathname !== '/api/auth/google/callback') return `${url.pathname}${url.search}`;
      response = await app.get(`${url.pathname}${url.search}`);
      base = new URL(stack.url);
      continue;
    }
    response = await idp.get(url.href);
    base = url;
    if (response.status === 200) {
      const page = await response.text();
      const action = /action="([^"]+)"/.exec(page)?.[1];
      const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
      if (!action || !prompt) throw new Error(`no form on the provider's page: ${page}`);
      const fields: Record<string, string> =
        prompt === 'login' ? { prompt, login: account, password: 'any-password' } : { prompt };
      response = await idp.request(new URL(action, url).href, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
    }
  }
  throw new Error('too many redirects');
}

function setupForm(fields: Record<string, string>, photo: Buffer = JPEG): FormData {
  const form = new FormData();
  const values = {
    username: 'nuovo',
    age: '28',
    gender: 'female',
    orientation: 'etero',
    region: 'Puglia',
    city: 'Bari',
    ...fields,
  };
  for (const [name, value] of Object.entries(values)) form.append(name, value);
  form.append('verificationPhoto', new Blob([photo], { type: 'image/jpeg' }), 'me.jpg');
  return form;
}

describe('Google sign-in', () => {
  it('without settings, both buttons lead back home with google_not_configured', async () => {
    for (const path of ['/api/auth/google', '/api/auth/google/register']) {
      const response = await unconfigured.browser().get(path);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/?error=google_not_configured');
    }
  });

  it('sends the browser to the provider with PKCE, state and nonce, keeping them in a signed httpOnly cookie', async () => {
    const response = await stack.browser().get('/api/auth/google');
    expect(response.status).toBe(302);
    const url = new URL(response.headers.get('location') ?? '');
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('client_id')).toBe(CLIENT.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/auth/google/callback`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    const flow = response.headers.getSetCookie().find((cookie) => cookie.startsWith('tip_oidc='));
    expect(flow).toMatch(/HttpOnly/);
    expect(flow).toMatch(/Path=\/api\/auth\/google/);
    expect(flow).not.toContain(url.searchParams.get('state') ?? 'state');
  });

  it('registers a new Google account, which completes its profile and becomes a pending member', async () => {
    const app = stack.browser();
    expect(await googleSignIn(app, '/api/auth/google/register', 'newbie')).toBe('/google-profile-setup');
    const me = await json(await app.get('/api/auth/user'));
    expect(me).toMatchObject({ email: 'newbie@gmail.test', needsProfileSetup: true });

    const intruder = await stack.member('intruso');
    const wrongUser = await app.postForm('/api/auth/setup-google-profile', setupForm({ googleUserId: intruder.id }));
    expect(wrongUser.status).toBe(403);
    expect(await json(wrongUser)).toEqual({ message: 'Errore di autenticazione' });
    const tooLarge = await app.postForm(
      '/api/auth/setup-google-profile',
      setupForm({ googleUserId: String(me.id) }, oversizeJpeg(11 * 1024 * 1024)),
    );
    expect(tooLarge.status).toBe(413);
    expect(await json(tooLarge)).toEqual({ message: 'La foto deve essere sotto i 10MB' });
    const missingCity = await app.postForm(
      '/api/auth/setup-google-profile',
      setupForm({ googleUserId: String(me.id), city: '' }),
    );
    expect(missingCity.status).toBe(400);
    expect(await json(missingCity)).toEqual({ message: 'Città richiesta' });

    const done = await app.postForm('/api/auth/setup-google-profile', setupForm({ googleUserId: String(me.id) }));
    expect(done.status).toBe(200);
    expect(await json(done)).toMatchObject({ success: true, message: 'Profilo Completato' });
    expect(await json(await app.get('/api/auth/user'))).toMatchObject({
      username: 'nuovo',
      verificationStatus: 'pending',
      needsProfileSetup: false,
    });

    // Signing in again with the same Google account lands on the feed, with a new session.
    const again = stack.browser();
    expect(await googleSignIn(again, '/api/auth/google', 'newbie')).toBe('/');
    expect((await json(await again.get('/api/auth/user'))).id).toBe(me.id);
  });

  it('asks a Google account with a second factor for it on the sign-in page, without a session until then', async () => {
    const first = stack.browser();
    await googleSignIn(first, '/api/auth/google/register', 'prudente');
    const setup = await json(await first.postJson('/api/auth/second-factors/totp/setup', {}));
    const secret = String(setup.secret);
    const code = (periods: number) => generateSync({ secret, epoch: Date.now() / 1000 + periods * 30 });
    expect((await first.postJson('/api/auth/second-factors/totp', { code: code(0) })).status).toBe(200);

    const app = stack.browser();
    expect(await googleSignIn(app, '/api/auth/google', 'prudente')).toBe('/login?step=second');
    expect(app.cookies.has('tip_session')).toBe(false);
    expect((await app.get('/api/auth/user')).status).toBe(401);
    const signedIn = await app.postJson('/api/auth/second-step', { code: code(1) });
    expect(await json(signedIn)).toMatchObject({ success: true, user: { email: 'prudente@gmail.test' } });
  });

  it('says already_registered when a known Google account registers again, without a session', async () => {
    await googleSignIn(stack.browser(), '/api/auth/google/register', 'twice');
    const app = stack.browser();
    expect(await googleSignIn(app, '/api/auth/google/register', 'twice')).toBe('/?error=already_registered');
    expect(app.cookies.has('tip_session')).toBe(false);
  });

  it('says not_registered when an unknown Google account logs in, storing nothing', async () => {
    const before = await stack.storedUserCount();
    const app = stack.browser();
    expect(await googleSignIn(app, '/api/auth/google', 'stranger')).toBe('/?error=not_registered');
    expect(app.cookies.has('tip_session')).toBe(false);
    expect(await stack.storedUserCount()).toBe(before);
  });

  it('leads back to the landing page by intent when the person cancels at the provider', async () => {
    const app = stack.browser();
    expect((await app.get('/api/auth/google/register')).status).toBe(302);
    const response = await app.get('/api/auth/google/callback?error=access_denied&state=whatever');
    expect(response.headers.get('location')).toBe('/?error=registration_failed');
    expect(app.cookies.has('tip_session')).toBe(false);
  });

  it('refuses a callback that did not start here', async () => {
    const response = await stack.browser().get('/api/auth/google/callback?code=stolen&state=guessed');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/?error=login_failed');
  });
});
