import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { registerMember, startIdentityHarness, type IdentityHarness } from '../testing/harness.js';
import { failureOf } from '@tip/platform/testing';

let harness: IdentityHarness;
let userId: string;

beforeAll(async () => {
  harness = await startIdentityHarness({ admin: { email: 'root@tip.local', password: 'root-password' } });
  const user = await registerMember(harness, { username: 'Paola', email: 'paola@example.it', password: 'segreto1' });
  userId = user.id;
});
afterAll(() => harness.stop());

describe('Login', () => {
  it('answers the user for the right e-mail (in any case) and password', async () => {
    const user = await harness.client.Login({ email: 'PAOLA@example.it', password: 'segreto1' });
    expect(user).toMatchObject({
      id: userId,
      username: 'Paola',
      email: 'paola@example.it',
      verificationStatus: 'pending',
    });
  });

  it('answers the same for a wrong password and an unknown e-mail', async () => {
    const wrongPassword = await failureOf(harness.client.Login({ email: 'paola@example.it', password: 'sbagliata' }));
    const unknownEmail = await failureOf(harness.client.Login({ email: 'nessuno@example.it', password: 'segreto1' }));
    for (const failure of [wrongPassword, unknownEmail]) {
      expect(failure).toMatchObject({ code: 'UNAUTHENTICATED', messageKey: 'identity.invalidCredentials' });
    }
  });

  it('checks the form first', async () => {
    expect(await failureOf(harness.client.Login({ email: 'paola', password: 'segreto1' }))).toMatchObject({
      code: 'INVALID_ARGUMENT',
      messageKey: 'validation.emailInvalid',
    });
  });

  it('changes nothing after many wrong passwords, and the right one still works', async () => {
    const before = await harness.storedUser(userId);
    for (let attempt = 0; attempt < 8; attempt += 1) {
      await failureOf(harness.client.Login({ email: 'paola@example.it', password: `wrong-${attempt}` }));
    }
    expect(await harness.storedUser(userId)).toEqual(before);
    expect((await harness.client.Login({ email: 'paola@example.it', password: 'segreto1' })).id).toBe(userId);
  });

  it('lets the admin from the start-up settings sign in', async () => {
    const admin = await harness.client.Login({ email: 'root@tip.local', password: 'root-password' });
    expect(admin).toMatchObject({ isAdmin: true, verificationStatus: 'approved', username: 'admin' });
  });
});
