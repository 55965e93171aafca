import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { json } from '../testing/browser.js';
import { oversizeJpeg, TEXT_FILE } from '../testing/images.js';
import { fileForm, registrationForm, startStack, type TestStack } from '../testing/start-stack.js';

let stack: TestStack;
let member: Awaited<ReturnType<TestStack['member']>>;

beforeAll(async () => {
  stack = await startStack();
  member = await stack.member('stefano');
});
afterAll(() => stack.stop());

/** What must not change when a request is refused. */
async function stored() {
  const user = await stack.identity.GetUser({ userId: member.id, viewerId: member.id });
  return {
    users: await stack.storedUserCount(),
    media: await stack.mediaFileCount(),
    user: { username: user.username, email: user.email, profileImageUrl: user.profileImageUrl },
  };
}

describe('bad input gets a clear error and changes nothing', () => {
  it('malformed JSON', async () => {
    const before = await stored();
    const response = await stack.browser().request('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"email": "stefano@example.it", "password": ',
    });
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ message: 'Richiesta non valida: il JSON non è leggibile' });
    const profile = await member.browser.request('/api/auth/profile', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: '{"username": "x"',
    });
    expect(profile.status).toBe(400);
    expect(await stored()).toEqual(before);
  });

  it('an operator object where a string belongs', async () => {
    const before = await stored();
    const email = await stack.browser().postJson('/api/auth/login', { email: { $gt: '' }, password: 'whatever1' });
    expect(email.status).toBe(400);
    expect(await json(email)).toEqual({ message: 'Email non valida' });
    const password = await stack.browser().postJson('/api/auth/login', { email: member.email, password: { $gt: '' } });
    expect(password.status).toBe(400);
    expect(await json(password)).toEqual({ message: 'La password deve essere almeno di 6 caratteri' });
    const profile = await member.browser.postJson('/api/auth/profile', { username: { $gt: '' } }, 'PUT');
    expect(profile.status).toBe(400);
    expect(await json(profile)).toEqual({ message: 'Il nome utente è obbligatorio.' });
    const online = await member.browser.postJson('/api/users/online-status', { isOnline: { $ne: false } }, 'PATCH');
    expect(online.status).toBe(400);
    expect(await stored()).toEqual(before);
  });

  it('fields the schema does not name are dropped, not applied', async () => {
    const response = await member.browser.postJson(
      '/api/auth/profile',
      { username: 'stefano', bio: 'Ciao', isAdmin: true, verificationStatus: 'approved', email: 'x@y.it' },
      'PUT',
    );
    expect(response.status).toBe(200);
    const user = await stack.identity.GetUser({ userId: member.id, viewerId: member.id });
    expect(user).toMatchObject({ bio: 'Ciao', isAdmin: false, verificationStatus: 'pending', email: member.email });
  });

  it('an over-size photo', async () => {
    const before = await stored();
    const registration = await stack
      .browser()
      .postForm(
        '/api/auth/register',
        registrationForm(
          { username: 'grande', email: 'grande@example.it', password: 'segreta1' },
          { content: oversizeJpeg(6 * 1024 * 1024), name: 'big.jpg', type: 'image/jpeg' },
        ),
      );
    expect(registration.status).toBe(413);
    expect(await json(registration)).toEqual({ message: 'La foto deve essere massimo 5MB' });
    const profileImage = await member.browser.postForm(
      '/api/auth/profile-image',
      fileForm('profileImage', oversizeJpeg(11 * 1024 * 1024)),
    );
    expect(profileImage.status).toBe(413);
    expect(await json(profileImage)).toEqual({ message: 'La dimensione massima consentita è 10MB.' });
    expect(await stored()).toEqual(before);
  });

  it('a text file renamed .jpg', async () => {
    const before = await stored();
    const registration = await stack
      .browser()
      .postForm(
        '/api/auth/register',
        registrationForm(
          { username: 'testo', email: 'testo@example.it', password: 'segreta1' },
          { content: TEXT_FILE, name: 'photo.jpg', type: 'image/jpeg' },
        ),
      );
    expect(registration.status).toBe(400);
    expect(await json(registration)).toEqual({ message: 'Formato non valido' });
    const profileImage = await member.browser.postForm('/api/auth/profile-image', fileForm('profileImage', TEXT_FILE));
    expect(profileImage.status).toBe(400);
    expect(await json(profileImage)).toEqual({ message: 'Formato non valido' });
    const resubmit = await member.browser.postForm(
      '/api/users/resubmit-verification',
      fileForm('verificationPhoto', TEXT_FILE),
    );
    expect(resubmit.status).toBe(400);
    expect(await stored()).toEqual(before);
  });

  it('a missing photo', async () => {
    const before = await stored();
    const response = await stack
      .browser()
      .postForm(
        '/api/auth/register',
        registrationForm({ username: 'senza', email: 'senza@example.it', password: 'segreta1' }, null),
      );
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({
      message: 'Devi caricare una foto di verifica per completare la registrazione',
    });
    expect(await stored()).toEqual(before);
  });

  it('a 10 MB username, refused as too large before it is read whole', async () => {
    const before = await stored();
    const response = await stack
      .browser()
      .postForm(
        '/api/auth/register',
        registrationForm({ username: 'u'.repeat(10 * 1024 * 1024), email: 'huge@example.it', password: 'segreta1' }),
      );
    expect([400, 413]).toContain(response.status);
    expect(await json(response)).toEqual({ message: 'Richiesta troppo grande' });
    const login = await stack.browser().postJson('/api/auth/login', { email: 'e'.repeat(200 * 1024), password: 'x' });
    expect(login.status).toBe(413);
    expect(await stored()).toEqual(before);
  });

  it('a multipart body where JSON belongs, and JSON where a form belongs', async () => {
    const before = await stored();
    const form = new FormData();
    form.append('email', member.email);
    form.append('password', member.password);
    const login = await stack.browser().postForm('/api/auth/login', form);
    expect(login.status).toBe(400);
    const register = await stack
      .browser()
      .postJson('/api/auth/register', { username: 'jsonuser', email: 'json@example.it', password: 'segreta1' });
    expect(register.status).toBe(400);
    expect(await stored()).toEqual(before);
  });

  it('a path parameter that is not valid percent-encoding', async () => {
    // The router fails to decode it before any handler runs: a client's mistake, not a server failure.
    for (const path of ['/api/user/%E0%A4%A', '/api/users/%/photos/profile', '/api/media/profile/%zz']) {
      for (const browser of [stack.browser(), member.browser]) {
        const response = await browser.get(path);
        expect(response.status).toBe(400);
        expect(await json(response)).toEqual({ message: 'Dati non validi' });
      }
    }
  });
});
