import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DomainError } from '@tip/platform';
import { json } from '../testing/browser.js';
import { JPEG, PNG } from '../testing/images.js';
import { fileForm, startStack, type TestStack } from '../testing/start-stack.js';

let stack: TestStack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.stop());

describe('the own profile', () => {
  it('updates the personal info, and the current user shows it at once', async () => {
    const { browser, id } = await stack.member('anna');
    const response = await browser.postJson(
      '/api/auth/profile',
      {
        username: 'anna_b',
        bio: 'Ciao a tutti',
        age: 41,
        region: 'Toscana',
        city: 'Firenze',
        gender: 'female',
        orientation: 'gay',
        telegramUsername: 'annab',
      },
      'PUT',
    );
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ success: true, message: 'Profilo Aggiornato' });
    const expected = {
      username: 'anna_b',
      bio: 'Ciao a tutti',
      age: 41,
      region: 'Toscana',
      city: 'Firenze',
      gender: 'female',
      orientation: 'gay',
      telegramUsername: '@annab',
    };
    expect(await json(await browser.get('/api/auth/user'))).toMatchObject(expected);
    expect(await stack.identity.GetUser({ userId: id, viewerId: id })).toMatchObject(expected);
  });

  it('refuses an invalid update with the form’s text, changing nothing', async () => {
    const { browser, id } = await stack.member('bea');
    const before = await stack.identity.GetUser({ userId: id, viewerId: id });
    const response = await browser.postJson('/api/auth/profile', { username: 'bea', age: 16 }, 'PUT');
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ message: "L'età deve essere compresa tra 18 e 100 anni." });
    expect(await stack.identity.GetUser({ userId: id, viewerId: id })).toEqual(before);
  });

  it('needs a session', async () => {
    const response = await stack.browser().postJson('/api/auth/profile', { username: 'nobody' }, 'PUT');
    expect(response.status).toBe(401);
    expect(await json(response)).toEqual({ message: 'Non autenticato' });
  });

  it('sets a profile image that members can then fetch', async () => {
    const { browser, id } = await stack.member('carlo');
    const response = await browser.postForm(
      '/api/auth/profile-image',
      fileForm('profileImage', PNG, 'me.png', 'image/png'),
    );
    expect(response.status).toBe(200);
    const { profileImageUrl } = await json(await browser.get('/api/auth/user'));
    expect(typeof profileImageUrl).toBe('string');

    const other = await stack.member('dora');
    for (const path of [String(profileImageUrl), `/api/media/profile/${id}`]) {
      const photo = await other.browser.get(path);
      expect(photo.status).toBe(200);
      expect(photo.headers.get('content-type')).toMatch(/^image\//);
      expect(photo.headers.get('cache-control')).toBe('private, max-age=300');
      expect((await photo.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
    expect((await stack.browser().get(`/api/media/profile/${id}`)).status).toBe(401);
  });

  it('asks for an image when none is sent', async () => {
    const { browser } = await stack.member('ezio');
    const response = await browser.postForm('/api/auth/profile-image', new FormData());
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ message: "Seleziona un'immagine per il tuo profilo." });
  });

  it('resubmits a verification photo', async () => {
    const { browser, id } = await stack.member('fabio');
    const response = await browser.postForm('/api/users/resubmit-verification', fileForm('verificationPhoto', JPEG));
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ success: true, message: 'Nuova verifica inviata' });
    expect((await stack.identity.GetUser({ userId: id, viewerId: id })).verificationStatus).toBe('pending');
    const missing = await browser.postForm('/api/users/resubmit-verification', new FormData());
    expect(await json(missing)).toEqual({ message: 'Seleziona una foto per la verifica.' });
  });
});

describe('other members', () => {
  it('shows others the public fields only, and the owner and admins everything', async () => {
    const owner = await stack.member('gina');
    const other = await stack.member('ugo');
    const admin = await stack.admin();

    const asOther = await json(await other.browser.get(`/api/user/${owner.id}`));
    expect(asOther).toMatchObject({ id: owner.id, username: 'gina', verificationStatus: 'pending' });
    expect(asOther.email).toBeNull();
    expect(asOther.verificationNotes).toBeNull();
    expect(asOther.verificationImageUrl).toBeNull();
    expect(JSON.stringify(asOther)).not.toContain(owner.email);

    const asOwner = await json(await owner.browser.get(`/api/user/${owner.id}`));
    expect(asOwner.email).toBe(owner.email);
    expect(typeof asOwner.verificationImageUrl).toBe('string');
    const asAdmin = await json(await admin.browser.get(`/api/user/${owner.id}`));
    expect(asAdmin.email).toBe(owner.email);

    expect((await stack.browser().get(`/api/user/${owner.id}`)).status).toBe(401);
    const missing = await other.browser.get('/api/user/no-such-user');
    expect(missing.status).toBe(404);
    expect(await json(missing)).toEqual({ message: 'Utente non trovato' });
  });

  it('keeps verification photos to their owner and admins', async () => {
    const owner = await stack.member('ida');
    const other = await stack.member('leo');
    const admin = await stack.admin();
    const path = `/api/users/${owner.id}/verification-photo`;

    const own = await owner.browser.get(path);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toMatch(/^image\//);
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    expect((await admin.browser.get(path)).status).toBe(200);
    const refused = await other.browser.get(path);
    expect(refused.status).toBe(403);
    expect(await json(refused)).toHaveProperty('message');
    expect((await stack.browser().get(path)).status).toBe(401);

    // The URL identity hands out leads to the same rules.
    const { verificationImageUrl } = await json(await owner.browser.get('/api/auth/user'));
    expect((await owner.browser.get(String(verificationImageUrl))).status).toBe(200);
    expect((await other.browser.get(String(verificationImageUrl))).status).toBe(403);
  });
});

describe('presence', () => {
  it('sets the online status, also from an unload beacon sent as text', async () => {
    const { browser, id } = await stack.member('mara');
    expect((await browser.postJson('/api/users/online-status', { isOnline: true }, 'PATCH')).status).toBe(200);
    expect((await stack.identity.GetUser({ userId: id, viewerId: id })).isOnline).toBe(true);

    const beacon = await browser.request('/api/users/online-status', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify({ isOnline: false }),
    });
    expect(beacon.status).toBe(200);
    expect((await stack.identity.GetUser({ userId: id, viewerId: id })).isOnline).toBe(false);

    const blob = await browser.request('/api/users/online-status', {
      method: 'POST',
      body: new Blob([JSON.stringify({ isOnline: true })], { type: 'application/json' }),
    });
    expect(blob.status).toBe(200);
    expect((await stack.identity.GetUser({ userId: id, viewerId: id })).isOnline).toBe(true);

    const garbled = await browser.request('/api/users/online-status', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: '{isOnline',
    });
    expect(garbled.status).toBe(400);
  });
});

describe('account deletion', () => {
  it('deletes the account, ends the session and clears the cookies', async () => {
    const { browser, id, email, password } = await stack.member('nico');
    const cookie = browser.cookieHeader();
    const response = await browser.request('/api/users/account', { method: 'DELETE' });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ success: true, message: 'Account Eliminato' });
    expect(browser.cookies.size).toBe(0);

    const lookup = await stack.identity.GetUser({ userId: id, viewerId: id }).catch((error: unknown) => error);
    expect(lookup).toBeInstanceOf(DomainError);
    expect(lookup).toMatchObject({ code: 'GONE' });
    expect((await fetch(`${stack.url}/api/auth/user`, { headers: { Cookie: cookie } })).status).toBe(401);
    // Others looking the member up (an open conversation) hear that the account was deleted: 410, not 404.
    const other = await stack.member('nadia');
    const gone = await other.browser.get(`/api/user/${id}`);
    expect(gone.status).toBe(410);
    expect(await json(gone)).toEqual({ message: 'Utente eliminato' });
    expect((await stack.browser().postJson('/api/auth/login', { email, password })).status).toBe(401);
  });

  it('ends the deleted user’s other sessions too', async () => {
    const { browser, email, password } = await stack.member('olga');
    const laptop = stack.browser();
    expect((await laptop.postJson('/api/auth/login', { email, password })).status).toBe(200);
    expect((await laptop.get('/api/auth/user')).status).toBe(200);
    expect((await browser.request('/api/users/account', { method: 'DELETE' })).status).toBe(200);
    expect((await laptop.get('/api/auth/user')).status).toBe(401);
  });
});
