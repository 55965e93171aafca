import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { waitFor } from '@tip/platform/testing';
import { io as connect, type Socket } from 'socket.io-client';
import { adminPushEventSchema } from '../contract/index.js';
import { json, type Browser } from '../testing/browser.js';
import { registrationForm, startStack, type TestStack } from '../testing/start-stack.js';

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack({ env: { MAIL_LIMIT_PER_ACCOUNT: '3', MAIL_LIMIT_PER_ADDRESS: '100' } });
});
afterAll(() => stack.stop());

const codeIn = (text: string) => /^ {4}(\d{6})$/m.exec(text)?.[1] ?? '';
const tokenIn = (link: string) => new URL(link).searchParams.get('token') ?? '';

/** Registers `name` in a browser speaking `language`, which is signed in by it; returns it with the mail sent. */
async function register(name: string, language = 'it') {
  const browser = stack.browser(language);
  const email = `${name}@example.it`;
  const response = await browser.postForm(
    '/api/auth/register',
    registrationForm({ username: name, email, password: 'segreto1', confirmPassword: 'segreto1' }),
  );
  expect(response.status).toBe(201);
  return { browser, email, mail: await stack.mail.nextTo(email) };
}

const me = async (browser: Browser) => json(await browser.get('/api/auth/user'));

describe('the e-mail step', () => {
  it('signs the newcomer in at registration; their code confirms the address once', async () => {
    const { browser, mail } = await register('ottavia', 'en');
    expect(mail.subject).toBe('Confirm your e-mail address on Tip');
    expect(await me(browser)).toMatchObject({ username: 'ottavia', emailConfirmed: false });

    const confirmed = await browser.postJson('/api/auth/email/confirm', { code: codeIn(mail.text) });
    expect(confirmed.status).toBe(200);
    expect(await json(confirmed)).toMatchObject({
      success: true,
      message: 'E-mail address confirmed',
      user: { username: 'ottavia', emailConfirmed: true },
    });
    const again = await browser.postJson('/api/auth/email/confirm', { code: codeIn(mail.text) });
    expect(again.status).toBe(400);
    expect(await json(again)).toEqual({
      message: 'Invalid or expired code or link. Check the latest e-mail you received or ask for a new one.',
    });
  });

  it('takes the link in another browser, without a session, once; a code needs the member’s session', async () => {
    const { mail } = await register('pietro');
    const elsewhere = stack.browser();
    const noSession = await elsewhere.postJson('/api/auth/email/confirm', { code: codeIn(mail.text) });
    expect(noSession.status).toBe(400);
    const byLink = await elsewhere.postJson('/api/auth/email/confirm', { token: tokenIn(mail.link) });
    expect(byLink.status).toBe(200);
    expect(elsewhere.cookies.size).toBe(0);
    expect((await elsewhere.postJson('/api/auth/email/confirm', { token: tokenIn(mail.link) })).status).toBe(400);
    const badCode = await elsewhere.postJson('/api/auth/email/confirm', { code: '12' });
    expect(await json(badCode)).toEqual({ message: 'Inserisci il codice di 6 cifre ricevuto per e-mail' });
  });

  it('sends a new code to the signed-in member only, a few times an hour', async () => {
    expect((await stack.browser().postJson('/api/auth/email/resend', {})).status).toBe(401);
    const { browser, email } = await register('quinto', 'fr');
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await browser.postJson('/api/auth/email/resend', {})).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const latest = await stack.mail.nextTo(email, 3);
    expect(latest.subject).toBe('Confirmez votre adresse e-mail sur Tip');
    expect((await browser.postJson('/api/auth/email/confirm', { code: codeIn(latest.text) })).status).toBe(200);
  });
});

describe('the admins’ verification queue', () => {
  it('says whether the address is confirmed, and changes live when it is', async () => {
    const admin = (await stack.admin()).browser;
    const socket: Socket = connect(stack.url, {
      path: '/ws',
      transports: ['websocket'],
      extraHeaders: { Cookie: admin.cookieHeader() },
    });
    const pushes: unknown[] = [];
    socket.onAny((_type: string, event: unknown) => pushes.push(event));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    try {
      const { browser, mail } = await register('tosca');
      const queued = async () => {
        const list = (await (await admin.get('/api/admin/pending-users')).json()) as {
          username: string;
          emailConfirmed: boolean;
        }[];
        return list.find((user) => user.username === 'tosca');
      };
      await waitFor(async () => (await queued()) !== undefined, 5000, 'the newcomer in the queue');
      expect((await queued())?.emailConfirmed).toBe(false);

      await browser.postJson('/api/auth/email/confirm', { code: codeIn(mail.text) });
      await waitFor(
        () => pushes.some((push) => (push as { type?: string }).type === 'member_email_confirmed'),
        5000,
        'the admins’ push',
      );
      const pushed = pushes.find((push) => (push as { type?: string }).type === 'member_email_confirmed');
      expect(adminPushEventSchema.parse(pushed)).toEqual({
        type: 'member_email_confirmed',
        userId: expect.any(String),
      });
      expect((await queued())?.emailConfirmed).toBe(true);
    } finally {
      socket.close();
    }
  });
});

describe('a forgotten password', () => {
  it('answers the same for an unknown address, and the link sets a new password and ends every other session', async () => {
    const { browser: firstDevice, email } = await register('rita');
    const secondDevice = stack.browser();
    expect((await secondDevice.postJson('/api/auth/login', { email, password: 'segreto1' })).status).toBe(200);

    const forgetful = stack.browser('de');
    const unknown = await forgetful.postJson('/api/auth/password/forgot', { email: 'nessuno@example.it' });
    const known = await forgetful.postJson('/api/auth/password/forgot', { email });
    expect([unknown.status, known.status]).toEqual([200, 200]);
    expect(await json(unknown)).toEqual(await json(known));
    const mail = await stack.mail.nextTo(email, 1);
    expect(mail.link).toMatch(/^http:\/\/tip\.test\/reset-password\?token=/);
    expect(stack.mail.countTo('nessuno@example.it')).toBe(0);

    const reset = await forgetful.postJson('/api/auth/password/reset', {
      token: tokenIn(mail.link),
      password: 'nuova-password',
    });
    expect(reset.status).toBe(200);
    expect(await json(reset)).toMatchObject({ success: true, user: { username: 'rita', emailConfirmed: true } });
    // The browser that reset is signed in; both devices signed in before are not, at once.
    expect((await forgetful.get('/api/auth/user')).status).toBe(200);
    for (const device of [firstDevice, secondDevice]) {
      await waitFor(async () => (await device.get('/api/auth/user')).status === 401, 5000, 'the old session to end');
    }
    const again = await forgetful.postJson('/api/auth/password/reset', {
      token: tokenIn(mail.link),
      password: 'ancora-una',
    });
    expect(again.status).toBe(400);
    expect(await json(again)).toEqual({
      message: 'Der Link zum Zurücksetzen des Passworts ist ungültig oder abgelaufen. Fordere einen neuen an.',
    });
    expect((await stack.browser().postJson('/api/auth/login', { email, password: 'nuova-password' })).status).toBe(200);
  });

  it('limits the links asked for one address, known or not, alike', async () => {
    const { email } = await register('sara');
    const asker = stack.browser();
    const statuses = async (address: string) => {
      const seen = [];
      for (let i = 0; i < 4; i++)
        seen.push((await asker.postJson('/api/auth/password/forgot', { email: address })).status);
      return seen;
    };
    expect(await statuses(email)).toEqual([200, 200, 200, 429]);
    expect(await statuses('nessuna@example.it')).toEqual([200, 200, 200, 429]);
  });
});

describe('a change of address', () => {
  it('needs the password, refuses a taken address as registration does, and takes the new one once its code is in', async () => {
    const { browser, email } = await register('ugo', 'en');
    const { email: taken } = await register('vera');
    const newEmail = 'ugo@altrove.it';
    const change = (body: Record<string, unknown>) => browser.postJson('/api/auth/email/change', body);
    expect(
      (await stack.browser().postJson('/api/auth/email/change', { newEmail, currentPassword: 'segreto1' })).status,
    ).toBe(401);

    const wrong = await change({ newEmail, currentPassword: 'non-questa' });
    expect(wrong.status).toBe(400);
    expect(await json(wrong)).toEqual({ message: 'The current password is not correct.' });
    const malformed = await change({ newEmail: 'ugo', currentPassword: 'segreto1' });
    expect(malformed.status).toBe(400);

    // Registration's answer for the taken address, word for word and status for status.
    const registering = await stack
      .browser('en')
      .postForm(
        '/api/auth/register',
        registrationForm({ username: 'zeta', email: taken, password: 'segreto1', confirmPassword: 'segreto1' }),
      );
    const refused = await change({ newEmail: taken, currentPassword: 'segreto1' });
    expect(refused.status).toBe(registering.status);
    expect(await json(refused)).toEqual(await json(registering));

    const asked = await change({ newEmail: ' Ugo@Altrove.it ', currentPassword: 'segreto1' });
    expect(asked.status).toBe(200);
    expect(await json(asked)).toMatchObject({
      success: true,
      message: `We sent a code to ${newEmail}: the new address counts once you confirm it.`,
      user: { email, pendingEmail: newEmail },
    });
    expect((await me(browser)).pendingEmail).toBe(newEmail);
    const mail = await stack.mail.nextTo(newEmail);
    expect(mail.subject).toBe('Confirm your new e-mail address on Tip');

    const confirmed = await browser.postJson('/api/auth/email/confirm', { code: codeIn(mail.text) });
    expect(confirmed.status).toBe(200);
    expect(await json(confirmed)).toMatchObject({
      user: { email: newEmail, pendingEmail: null, emailConfirmed: true },
    });
    expect((await stack.mail.nextTo(email, 1)).subject).toBe('The e-mail address of your Tip account has changed');
    // This browser stays signed in, and the new address signs in.
    expect((await me(browser)).email).toBe(newEmail);
    expect((await stack.browser().postJson('/api/auth/login', { email: newEmail, password: 'segreto1' })).status).toBe(
      200,
    );
  });

  it('is dropped on request, its link then refused', async () => {
    const { browser, email } = await register('walter', 'fr');
    const newEmail = 'walter@altrove.it';
    expect((await browser.postJson('/api/auth/email/change', { newEmail, currentPassword: 'segreto1' })).status).toBe(
      200,
    );
    const mail = await stack.mail.nextTo(newEmail);
    const cancel = () => browser.request('/api/auth/email/change', { method: 'DELETE' });
    const cancelled = await cancel();
    expect(cancelled.status).toBe(200);
    expect(await json(cancelled)).toMatchObject({
      message: "Changement d'adresse annulé",
      user: { email, pendingEmail: null },
    });
    expect((await stack.browser().postJson('/api/auth/email/confirm', { token: tokenIn(mail.link) })).status).toBe(400);
    const none = await cancel();
    expect(none.status).toBe(409);
    expect(await json(none)).toEqual({ message: "Aucun changement d'adresse n'est en attente" });
  });
});
