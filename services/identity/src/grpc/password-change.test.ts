import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { failureOf } from '@tip/platform/testing';
import { registerMember, startIdentityHarness, type IdentityHarness } from '../testing/harness.js';

let harness: IdentityHarness;
beforeAll(async () => {
  harness = await startIdentityHarness();
});
afterAll(() => harness.stop());

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

describe('changing the password', () => {
  it('takes the current password, sets the new one, and ends every other session but the asking one', async () => {
    const email = 'cambio@example.it';
    const user = await registerMember(harness, { email, password: 'vecchia1', confirmPassword: 'vecchia1' });
    const [asking, other] = [
      (await harness.client.StartSession({ userId: user.id, userAgent: UA })).sessionId,
      (await harness.client.StartSession({ userId: user.id, userAgent: UA })).sessionId,
    ];
    const change = (currentPassword: string, newPassword: string) =>
      harness.client.ChangePassword({ userId: user.id, sessionId: asking, currentPassword, newPassword });

    expect(await failureOf(change('sbagliata', 'nuova-password'))).toMatchObject({
      code: 'INVALID_ARGUMENT',
      messageKey: 'identity.currentPasswordWrong',
    });
    expect(await failureOf(change('', 'nuova-password'))).toMatchObject({
      messageKey: 'validation.currentPasswordRequired',
    });
    expect(await failureOf(change('vecchia1', 'corta'))).toMatchObject({ messageKey: 'validation.passwordMin' });
    expect(await harness.client.TouchSession({ userId: user.id, sessionId: other })).toEqual({ live: true });

    const changed = await change('vecchia1', 'nuova-password');
    expect(changed).toMatchObject({ user: { id: user.id }, endedSessionIds: [other] });
    expect(await harness.client.TouchSession({ userId: user.id, sessionId: other })).toEqual({ live: false });
    expect(await harness.client.TouchSession({ userId: user.id, sessionId: asking })).toEqual({ live: true });
    expect((await harness.client.Login({ email, password: 'nuova-password' })).id).toBe(user.id);
    expect(await failureOf(harness.client.Login({ email, password: 'vecchia1' }))).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });
});
