import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SoftwareAuthenticator } from '@tip/identity/testing';
import { generateSync } from 'otplib';
import { json, type Browser } from '../testing/browser.js';
import { ADMIN, startStack, type TestStack } from '../testing/start-stack.js';

let stack: TestStack;
beforeAll(async () => {
  // No grace: an admin without a second factor is held to its set-up from their first sign-in.
  stack = await startStack({ adminSecondFactor: { required: true, graceMs: 0 } });
});
afterAll(() => stack.stop());

/** The code an authenticator app shows `periods` periods from now. */
const appCode = (secret: string, periods = 0) => generateSync({ secret, epoch: Date.now() / 1000 + periods * 30 });
const status = async (browser: Browser, path: string) => (await browser.get(path)).status;

/** Sets up an authenticator app in the member's browser; returns its secret and the recovery codes. */
async function addApp(browser: Browser) {
  const setup = await json(await browser.postJson('/api/auth/second-factors/totp/setup', {}));
  const secret = String(setup.secret);
  const used = appCode(secret);
  const added = await browser.postJson('/api/auth/second-factors/totp', { code: used });
  expect(added.status).toBe(200);
  return { secret, used, added: await json(added) };
}

describe('an authenticator app', () => {
  it('is set up from the security page, ends the other sessions and keeps this one', async () => {
    const { browser, email, password } = await stack.member('totp1');
    const phone = stack.browser();
    expect((await phone.postJson('/api/auth/login', { email, password })).status).toBe(200);
    expect(await json(await browser.get('/api/auth/second-factors'))).toEqual({
      totp: false,
      passkeys: [],
      recoveryCodesLeft: 0,
    });
    const setup = await json(await browser.postJson('/api/auth/second-factors/totp/setup', {}));
    expect(setup).toMatchObject({ secret: expect.any(String), qrSvg: expect.stringMatching(/^<svg /) });
    const wrong = await browser.postJson('/api/auth/second-factors/totp', { code: '12' });
    expect(wrong.status).toBe(400);
    expect(await json(wrong)).toEqual({ message: "Inserisci il codice di 6 cifre dell'app di autenticazione" });

    const added = await browser.postJson('/api/auth/second-factors/totp', { code: appCode(String(setup.secret)) });
    expect(await json(added)).toMatchObject({
      success: true,
      message: 'Verifica in due passaggi attivata: le altre sessioni sono state chiuse.',
      factors: { totp: true, passkeys: [], recoveryCodesLeft: 10 },
      recoveryCodes: expect.arrayContaining([expect.stringMatching(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/)]),
    });
    expect(await json(await browser.get('/api/auth/user'))).toMatchObject({ secondFactor: true });
    expect(await status(phone, '/api/auth/user')).toBe(401);

    // Soon after signing in, the member may take it off again (an older session may not: recent-sign-in.test.ts).
    const removed = await browser.request('/api/auth/second-factors/totp', { method: 'DELETE' });
    expect(await json(removed)).toEqual({ totp: false, passkeys: [], recoveryCodesLeft: 0 });
  });

  it('makes the sign-in wait for its code after the password; a recovery code does too', async () => {
    const { browser, email, password } = await stack.member('totp2');
    const { secret, used, added } = await addApp(browser);
    const laptop = stack.browser('en');
    const login = await laptop.postJson('/api/auth/login', { email, password });
    expect(await json(login)).toEqual({
      success: true,
      secondStep: true,
      message: 'Password correct. Now confirm with the second step.',
      methods: { totp: true, passkey: false, recoveryCode: true },
      passkeyOptions: null,
    });
    expect(await status(laptop, '/api/auth/user')).toBe(401);

    // The code the set-up took, even when the app has moved on to the next since.
    const wrong = await laptop.postJson('/api/auth/second-step', { code: used });
    expect(wrong.status).toBe(401);
    expect(await json(wrong)).toEqual({ message: 'Invalid or already used code.' });
    const right = await laptop.postJson('/api/auth/second-step', { code: appCode(secret, 1) });
    expect(await json(right)).toMatchObject({ success: true, user: { email, secondFactor: true } });
    expect(await status(laptop, '/api/auth/user')).toBe(200);

    const elsewhere = stack.browser();
    await elsewhere.postJson('/api/auth/login', { email, password });
    const codes = added.recoveryCodes as string[];
    expect((await elsewhere.postJson('/api/auth/second-step', { code: codes[0] })).status).toBe(200);
  });

  it('is asked for only after the password, within the same browser', async () => {
    const stranger = stack.browser();
    const answer = await stranger.postJson('/api/auth/second-step', { code: '123456' });
    expect(answer.status).toBe(401);
    expect(await json(answer)).toEqual({ message: "L'accesso è scaduto: inserisci di nuovo e-mail e password." });
  });
});

describe('passkeys', () => {
  /** Registers a passkey from the member's security page. */
  async function addPasskey(browser: Browser) {
    const device = new SoftwareAuthenticator(stack.mail.publicUrl);
    const options = await json(await browser.postJson('/api/auth/second-factors/passkeys/options', {}));
    const registration = JSON.parse(device.register(JSON.stringify(options.options))) as Record<string, unknown>;
    const added = await browser.postJson('/api/auth/second-factors/passkeys', {
      response: registration,
      name: 'Pixel',
    });
    return { device, added: await json(added) };
  }

  it('are registered from the security page and sign in without a password', async () => {
    const { browser, id } = await stack.member('chiave1');
    const { device, added } = await addPasskey(browser);
    expect(added).toMatchObject({
      factors: { passkeys: [{ name: 'Pixel', lastUsedAt: null }] },
      recoveryCodes: expect.any(Array),
    });

    const visitor = stack.browser();
    const signInOptions = await json(await visitor.postJson('/api/auth/passkey/options', {}));
    const answer = JSON.parse(device.signIn(JSON.stringify(signInOptions.options))) as Record<string, unknown>;
    const signedIn = await visitor.postJson('/api/auth/passkey', { response: answer });
    expect(await json(signedIn)).toMatchObject({ success: true, user: { id } });
    expect(await status(visitor, '/api/auth/user')).toBe(200);
    expect((await stack.browser().postJson('/api/auth/passkey', { response: answer })).status).toBe(401);
  });

  it('give the second step with the options the login answered, and with new ones asked for after', async () => {
    const { browser, id, email, password } = await stack.member('chiave2');
    const { device } = await addPasskey(browser);
    const laptop = stack.browser('en');
    const login = await json(await laptop.postJson('/api/auth/login', { email, password }));
    expect(login).toMatchObject({ secondStep: true, methods: { totp: false, passkey: true, recoveryCode: true } });
    const answer = JSON.parse(device.signIn(JSON.stringify(login.passkeyOptions))) as Record<string, unknown>;
    const signedIn = await laptop.postJson('/api/auth/second-step/passkey', { response: answer });
    expect(await json(signedIn)).toMatchObject({ success: true, user: { id } });
    expect(await status(laptop, '/api/auth/user')).toBe(200);

    // Another sign-in that asks for options again (the device failed the first time, say).
    const phone = stack.browser();
    await phone.postJson('/api/auth/login', { email, password });
    const again = await json(await phone.postJson('/api/auth/second-step/passkey/options', {}));
    const secondAnswer = JSON.parse(device.signIn(JSON.stringify(again.options))) as Record<string, unknown>;
    expect((await phone.postJson('/api/auth/second-step/passkey', { response: secondAnswer })).status).toBe(200);
    // An answer already taken signs no one in.
    const thief = stack.browser();
    await thief.postJson('/api/auth/login', { email, password });
    expect((await thief.postJson('/api/auth/second-step/passkey', { response: answer })).status).toBe(401);
  });
});

describe("an admin's second factor", () => {
  it('leaves an admin past the grace without one only its set-up, until they add one', async () => {
    const admin = stack.browser();
    expect((await admin.postJson('/api/auth/login', ADMIN)).status).toBe(200);
    expect(await json(await admin.get('/api/auth/user'))).toMatchObject({
      isAdmin: true,
      secondFactor: false,
      secondFactorDueAt: expect.any(String),
    });
    const held = await admin.get('/api/admin/stats');
    expect(held.status).toBe(403);
    expect(await json(held)).toEqual({
      message:
        'Per continuare come amministratore attiva una verifica in due passaggi (app di autenticazione o passkey).',
    });
    await addApp(admin);
    expect(await status(admin, '/api/admin/stats')).toBe(200);
  });
});
