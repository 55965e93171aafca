import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { failureOf, waitFor } from '@tip/platform/testing';
import { generateSync } from 'otplib';
import { SECOND_FACTOR_MAX_FAILURES } from '../domain/index.js';
import { eventTypes, registerMember, startIdentityHarness, type IdentityHarness } from '../testing/harness.js';
import { SoftwareAuthenticator } from '../testing/software-authenticator.js';

const ADMIN = { email: 'capo@example.it', password: 'segreto-admin' };
const GRACE_MS = 7 * 86_400_000;
let harness: IdentityHarness;
beforeAll(async () => {
  harness = await startIdentityHarness({ admin: ADMIN, adminSecondFactor: { required: true, graceMs: GRACE_MS } });
});
afterAll(() => harness.stop());

/** The code an authenticator app shows `periods` periods from now. */
const appCode = (secret: string, periods = 0) => generateSync({ secret, epoch: Date.now() / 1000 + periods * 30 });

async function withTotp() {
  const user = await registerMember(harness);
  const setup = await harness.client.BeginTotpSetup({ userId: user.id });
  const used = appCode(setup.secret);
  const added = await harness.client.ConfirmTotpSetup({ userId: user.id, code: used });
  return { user, setup, added, used };
}

describe('an authenticator app', () => {
  it('is set up with a secret, its QR code and the first code, and ends the other sessions', async () => {
    const user = await registerMember(harness);
    const userAgent =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
    const here = await harness.client.StartSession({ userId: user.id, userAgent });
    await harness.client.StartSession({ userId: user.id, userAgent });
    const setup = await harness.client.BeginTotpSetup({ userId: user.id });
    expect(setup.uri).toBe(`otpauth://totp/Tip:${user.username}?secret=${setup.secret}&issuer=Tip`);
    expect(setup.qrSvg).toMatch(/^<svg /);
    expect(await failureOf(harness.client.ConfirmTotpSetup({ userId: user.id, code: '12345' }))).toMatchObject({
      code: 'INVALID_ARGUMENT',
      messageKey: 'validation.totpCodeFormat',
    });
    const wrong = String((Number(appCode(setup.secret)) + 1) % 1_000_000).padStart(6, '0');
    expect(await failureOf(harness.client.ConfirmTotpSetup({ userId: user.id, code: wrong }))).toMatchObject({
      messageKey: 'identity.secondFactorCodeInvalid',
    });

    const added = await harness.client.ConfirmTotpSetup({
      userId: user.id,
      code: appCode(setup.secret),
      sessionId: here.sessionId,
    });
    expect(added.user).toMatchObject({ secondFactor: true });
    const { sessions } = await harness.client.ListSessions({ userId: user.id });
    expect(sessions.map((session) => session.id)).toEqual([here.sessionId]);
    expect(added.recoveryCodes).toHaveLength(10);
    expect(new Set(added.recoveryCodes).size).toBe(10);
    expect(added.factors).toEqual({ totp: true, passkeys: [], recoveryCodesLeft: 10 });
    await waitFor(() => eventTypes(harness.published, user.id).includes('SessionEnded'));
    const types = eventTypes(harness.published, user.id);
    expect(types.filter((type) => type !== 'SessionEnded').slice(-2)).toEqual(['SecondFactorAdded', 'ProfileUpdated']);
    expect(types.filter((type) => type === 'SessionEnded')).toHaveLength(1);

    // Hashes only: neither a recovery code nor its plain form is stored.
    const stored = JSON.stringify(await harness.storedUser(user.id));
    for (const code of added.recoveryCodes) expect(stored).not.toContain(code.replaceAll('-', ''));
    expect(await failureOf(harness.client.BeginTotpSetup({ userId: user.id }))).toMatchObject({
      messageKey: 'identity.totpAlreadyOn',
    });
  });

  it("takes the app's next code at sign-in once, and a code already used not at all", async () => {
    const { user, setup, used } = await withTotp();
    // The code the set-up took, even when the app has moved on to the next since.
    expect(await failureOf(harness.client.VerifySecondStep({ userId: user.id, code: used }))).toMatchObject({
      code: 'UNAUTHENTICATED',
      messageKey: 'identity.secondFactorCodeInvalid',
    });
    const next = appCode(setup.secret, 1);
    expect((await harness.client.VerifySecondStep({ userId: user.id, code: next })).id).toBe(user.id);
    expect(await failureOf(harness.client.VerifySecondStep({ userId: user.id, code: next }))).toMatchObject({
      messageKey: 'identity.secondFactorCodeInvalid',
    });
  });

  it('takes each recovery code once, typed in any case, with or without its dashes', async () => {
    const { user, added } = await withTotp();
    const [first = '', second = ''] = added.recoveryCodes;
    expect((await harness.client.VerifySecondStep({ userId: user.id, code: first.toUpperCase() })).id).toBe(user.id);
    expect(await failureOf(harness.client.VerifySecondStep({ userId: user.id, code: first }))).toMatchObject({
      messageKey: 'identity.secondFactorCodeInvalid',
    });
    expect((await harness.client.VerifySecondStep({ userId: user.id, code: second.replaceAll('-', '') })).id).toBe(
      user.id,
    );
    expect((await harness.client.GetSecondFactors({ userId: user.id })).recoveryCodesLeft).toBe(8);

    const fresh = await harness.client.NewRecoveryCodes({ userId: user.id });
    expect(fresh.codes).toHaveLength(10);
    expect(
      await failureOf(harness.client.VerifySecondStep({ userId: user.id, code: added.recoveryCodes[2] ?? '' })),
    ).toMatchObject({ messageKey: 'identity.secondFactorCodeInvalid' });
    expect((await harness.client.VerifySecondStep({ userId: user.id, code: fresh.codes[0] ?? '' })).id).toBe(user.id);
  });

  it(`refuses every code, even the right one, after ${SECOND_FACTOR_MAX_FAILURES} wrong ones`, async () => {
    const { user, setup } = await withTotp();
    for (let attempt = 0; attempt < SECOND_FACTOR_MAX_FAILURES; attempt += 1) {
      expect(
        await failureOf(harness.client.VerifySecondStep({ userId: user.id, code: 'aaaa-bbbb-cccc-dddd' })),
      ).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
    expect(
      await failureOf(harness.client.VerifySecondStep({ userId: user.id, code: appCode(setup.secret, 1) })),
    ).toMatchObject({ code: 'RESOURCE_EXHAUSTED', messageKey: 'identity.secondFactorTooManyAttempts' });
  });

  it('is refused at the second step to a member without a second factor', async () => {
    const user = await registerMember(harness);
    const noFactor = { code: 'FAILED_PRECONDITION', messageKey: 'identity.noSecondFactor' };
    expect(await failureOf(harness.client.VerifySecondStep({ userId: user.id, code: '123456' }))).toMatchObject(
      noFactor,
    );
    expect(await failureOf(harness.client.BeginSecondStep({ userId: user.id }))).toMatchObject(noFactor);
  });

  it("begins the second step with the app's code and recovery codes, and no passkey options", async () => {
    const { user } = await withTotp();
    expect(await harness.client.BeginSecondStep({ userId: user.id })).toEqual({
      totp: true,
      passkey: false,
      recoveryCode: true,
      passkeyOptionsJson: '',
    });
  });
});

describe('passkeys', () => {
  /**
   * A passkey's answer to a challenge given for `userId`'s second step signs in only as that step: not another
   * member's (`otherId`), not a passkey alone's (no member, no password), and once as theirs.
   */
  async function expectSecondStepOf(userId: string, otherId: string, answer: string) {
    for (const wrong of [otherId, '']) {
      expect(
        await failureOf(harness.client.FinishPasskeySignIn({ userId: wrong, responseJson: answer })),
      ).toMatchObject({ messageKey: 'identity.passkeyInvalid' });
    }
    expect((await harness.client.FinishPasskeySignIn({ userId, responseJson: answer })).id).toBe(userId);
  }

  async function withPasskey(name = 'Il mio telefono') {
    const user = await registerMember(harness);
    const device = new SoftwareAuthenticator('http://tip.test');
    const options = await harness.client.BeginPasskeyRegistration({ userId: user.id });
    const added = await harness.client.FinishPasskeyRegistration({
      userId: user.id,
      responseJson: device.register(options.optionsJson),
      name,
    });
    return { user, device, added };
  }

  it('are registered for this site as discoverable credentials, named, with recovery codes for the first', async () => {
    const { user, added } = await withPasskey();
    const options = JSON.parse((await harness.client.BeginPasskeyRegistration({ userId: user.id })).optionsJson) as {
      rp: { id: string };
      authenticatorSelection: { residentKey: string };
      excludeCredentials: unknown[];
    };
    expect(options.rp.id).toBe('tip.test');
    expect(options.authenticatorSelection.residentKey).toBe('required');
    expect(options.excludeCredentials).toHaveLength(1);
    expect(added.user).toMatchObject({ secondFactor: true });
    expect(added.recoveryCodes).toHaveLength(10);
    expect(added.factors?.passkeys).toEqual([
      { id: expect.any(String), name: 'Il mio telefono', addedAt: expect.any(String), lastUsedAt: '' },
    ]);
  });

  it('refuses an answer for another site, or to a challenge given to another member', async () => {
    const user = await registerMember(harness);
    const elsewhere = new SoftwareAuthenticator('http://evil.test', 'tip.test');
    const options = await harness.client.BeginPasskeyRegistration({ userId: user.id });
    const refused = { code: 'UNAUTHENTICATED', messageKey: 'identity.passkeyInvalid' };
    expect(
      await failureOf(
        harness.client.FinishPasskeyRegistration({
          userId: user.id,
          responseJson: elsewhere.register(options.optionsJson),
          name: 'x',
        }),
      ),
    ).toMatchObject(refused);
    const other = await registerMember(harness);
    const device = new SoftwareAuthenticator('http://tip.test');
    const othersOptions = await harness.client.BeginPasskeyRegistration({ userId: other.id });
    const answer = device.register(othersOptions.optionsJson);
    expect(
      await failureOf(harness.client.FinishPasskeyRegistration({ userId: user.id, responseJson: answer, name: 'x' })),
    ).toMatchObject(refused);
    expect(
      await failureOf(harness.client.FinishPasskeyRegistration({ userId: user.id, responseJson: '{', name: 'x' })),
    ).toMatchObject(refused);
  });

  it('sign in alone, naming their member, once per challenge, only from a device that checked its holder', async () => {
    const { user, device } = await withPasskey();
    const options = await harness.client.BeginPasskeySignIn({ userId: '' });
    const answer = device.signIn(options.optionsJson);
    const signedIn = await harness.client.FinishPasskeySignIn({ userId: '', responseJson: answer });
    expect(signedIn).toMatchObject({ id: user.id, email: user.email });
    const refused = { code: 'UNAUTHENTICATED', messageKey: 'identity.passkeyInvalid' };
    expect(await failureOf(harness.client.FinishPasskeySignIn({ userId: '', responseJson: answer }))).toMatchObject(
      refused,
    );

    const unverified = device.signIn((await harness.client.BeginPasskeySignIn({ userId: '' })).optionsJson, {
      verified: false,
    });
    expect(await failureOf(harness.client.FinishPasskeySignIn({ userId: '', responseJson: unverified }))).toMatchObject(
      refused,
    );
    const otherSite = device.signIn((await harness.client.BeginPasskeySignIn({ userId: '' })).optionsJson, {
      origin: 'http://evil.test',
    });
    expect(await failureOf(harness.client.FinishPasskeySignIn({ userId: '', responseJson: otherSite }))).toMatchObject(
      refused,
    );
    const factors = await harness.client.GetSecondFactors({ userId: user.id });
    expect(factors.passkeys[0]?.lastUsedAt).not.toBe('');
  });

  it("give the second step after the member's password, and not another member's", async () => {
    const { user, device } = await withPasskey();
    const options = await harness.client.BeginPasskeySignIn({ userId: user.id });
    expect((JSON.parse(options.optionsJson) as { allowCredentials: unknown[] }).allowCredentials).toHaveLength(1);
    const answer = device.signIn(options.optionsJson);
    const other = await withPasskey('altro');
    await harness.client.BeginPasskeySignIn({ userId: other.user.id });
    await expectSecondStepOf(user.id, other.user.id, answer);
  });

  it("begin the second step with options for the member's own passkeys, whose challenge signs in once", async () => {
    const { user, device } = await withPasskey();
    const start = await harness.client.BeginSecondStep({ userId: user.id });
    expect(start).toMatchObject({ totp: false, passkey: true, recoveryCode: true });
    const options = JSON.parse(start.passkeyOptionsJson) as { allowCredentials: { id: string }[] };
    const [passkey] = (await harness.client.GetSecondFactors({ userId: user.id })).passkeys;
    expect(options.allowCredentials.map(({ id }) => id)).toEqual([passkey?.id]);
    const answer = device.signIn(start.passkeyOptionsJson);
    const other = await withPasskey('altro');
    await expectSecondStepOf(user.id, other.user.id, answer);
    expect(
      await failureOf(harness.client.FinishPasskeySignIn({ userId: user.id, responseJson: answer })),
    ).toMatchObject({ messageKey: 'identity.passkeyInvalid' });
  });

  it('are removed by their member; the last factor gone, the recovery codes go too', async () => {
    const { user, added } = await withPasskey();
    const [passkey] = added.factors?.passkeys ?? [];
    const after = await harness.client.RemovePasskey({ userId: user.id, passkeyId: passkey?.id ?? '' });
    expect(after).toEqual({ totp: false, passkeys: [], recoveryCodesLeft: 0 });
    expect((await harness.client.GetUser({ userId: user.id, viewerId: user.id })).secondFactor).toBe(false);
    expect((await harness.storedUser(user.id))?.secondFactors).toBeUndefined();
  });

  it('go with the account, and the export names them without a key', async () => {
    const { user } = await withPasskey('Chiavetta');
    const exported = JSON.parse((await harness.client.ExportMember({ userId: user.id })).json) as {
      secondFactors: { passkeys: { name: string }[]; authenticatorApp: unknown; recoveryCodesLeft: number };
    };
    expect(exported.secondFactors).toEqual({
      authenticatorApp: null,
      passkeys: [{ name: 'Chiavetta', addedAt: expect.any(String), lastUsedAt: null }],
      recoveryCodesLeft: 10,
    });
    const stored = await harness.storedUser(user.id);
    expect(JSON.stringify(exported)).not.toContain(stored?.secondFactors?.passkeys[0]?.publicKey);
    await harness.client.DeleteAccount({ userId: user.id });
    const tombstone = await harness.storedUser(user.id);
    expect(tombstone?.secondFactors).toBeUndefined();
  });
});

describe("admins' second factor", () => {
  it('is due a grace after their first sign-in, and an admin keeps their last one', async () => {
    const before = Date.now();
    const admin = await harness.client.Login(ADMIN);
    const dueAt = Date.parse(admin.secondFactorDueAt);
    expect(dueAt).toBeGreaterThanOrEqual(before + GRACE_MS);
    expect((await harness.client.Login(ADMIN)).secondFactorDueAt).toBe(admin.secondFactorDueAt);

    const setup = await harness.client.BeginTotpSetup({ userId: admin.id });
    await harness.client.ConfirmTotpSetup({ userId: admin.id, code: appCode(setup.secret) });
    expect(await failureOf(harness.client.RemoveTotp({ userId: admin.id }))).toMatchObject({
      code: 'FAILED_PRECONDITION',
      messageKey: 'identity.secondFactorRequiredOfAdmins',
    });
  });

  it('is not due of members', async () => {
    const user = await registerMember(harness, {
      email: 'socio@example.it',
      password: 'segreto1',
      confirmPassword: 'segreto1',
    });
    expect((await harness.client.Login({ email: 'socio@example.it', password: 'segreto1' })).secondFactorDueAt).toBe(
      '',
    );
    expect(user.secondFactor).toBe(false);
  });
});
