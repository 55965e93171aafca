import { DomainError, parseInput } from '@tip/platform';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { z } from 'zod';
import { isLive, MAX_PASSKEYS, PASSKEY_CHALLENGE_TTL_MS, passkeyFormSchema, type UserView } from '../domain/index.js';
import type { PendingPasskeyChallenge, StoredPasskey, UserDocument } from '../infra/user-document.js';
import type { CallInfo, IdentityContext } from './context.js';
import { addSecondFactor, factorsOf, removeSecondFactor } from './second-factors.js';
import { ownView } from './viewer.js';

const invalid = () => new DomainError('UNAUTHENTICATED', 'identity.passkeyInvalid');

/** What a browser's answer must at least be for it to be looked at (the library checks the rest). */
const answerSchema = z.object({
  id: z.string().min(1),
  response: z.looseObject({ clientDataJSON: z.string(), userHandle: z.string().optional() }),
});

function parseAnswer<T>(json: string): T & z.output<typeof answerSchema> {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw invalid();
  }
  const parsed = answerSchema.safeParse(value);
  if (!parsed.success) throw invalid();
  return value as T & z.output<typeof answerSchema>;
}

/** The challenge a browser's answer signed, read from its client data. */
function challengeOf(answer: z.output<typeof answerSchema>): string {
  try {
    const clientData = JSON.parse(isoBase64URL.toUTF8String(answer.response.clientDataJSON)) as { challenge?: unknown };
    return typeof clientData.challenge === 'string' ? clientData.challenge : '';
  } catch {
    return '';
  }
}

const liveChallenge = (purpose: PendingPasskeyChallenge['purpose'], challenge: string, expiresAt: Date) => ({
  challenge,
  purpose,
  expiresAt: expiresAt.toISOString(),
});

/** Keeps the challenge given to the member's browser, in place of any earlier one. */
async function rememberChallenge(
  context: IdentityContext,
  userId: string,
  challenge: PendingPasskeyChallenge,
): Promise<UserDocument> {
  return context.users.modify(userId, (current) => ({
    next: { ...current, secondFactors: { ...factorsOf(current), challenge } },
    events: [],
  }));
}

/** Whether the member's stored challenge for `purpose` is the one the answer signed, and still live. */
function expectChallenge(user: UserDocument, purpose: PendingPasskeyChallenge['purpose'], now: Date) {
  const pending = factorsOf(user).challenge;
  return (challenge: string) => isLive(pending, now) && pending.purpose === purpose && pending.challenge === challenge;
}

/**
 * Options for the browser to make a passkey for this site: one the device keeps and offers by itself (a discoverable
 * credential, so that it can sign in without the password), the member's others excluded.
 */
export async function beginPasskeyRegistration(context: IdentityContext, userId: string): Promise<string> {
  const user = await context.users.get(userId);
  const factors = factorsOf(user);
  if (factors.passkeys.length >= MAX_PASSKEYS) throw new DomainError('FAILED_PRECONDITION', 'identity.tooManyPasskeys');
  const { id: rpID, name: rpName } = context.secondFactors.relyingParty;
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userName: user.username ?? user.email ?? user._id,
    // The passkey's user handle is the member's id: signing in with it alone names them.
    userID: isoBase64URL.toBuffer(isoBase64URL.fromUTF8String(user._id)),
    attestationType: 'none',
    excludeCredentials: factors.passkeys.map(({ id, transports }) => ({ id, transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  const expiresAt = new Date(Date.now() + PASSKEY_CHALLENGE_TTL_MS);
  await rememberChallenge(context, userId, liveChallenge('register', options.challenge, expiresAt));
  return JSON.stringify(options);
}

/** Stores the passkey the browser made, once its answer checks out for this site and the challenge given. */
export async function finishPasskeyRegistration(
  context: IdentityContext,
  input: { userId: string; sessionId: string; responseJson: string; name: unknown },
  call: CallInfo,
) {
  const { name } = parseInput(passkeyFormSchema, { name: input.name });
  const answer = parseAnswer<RegistrationResponseJSON>(input.responseJson);
  const user = await context.users.get(input.userId);
  const { id: rpID, origin } = context.secondFactors.relyingParty;
  const verification = await verifyRegistrationResponse({
    response: answer,
    expectedChallenge: expectChallenge(user, 'register', new Date()),
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verification?.verified) throw invalid();
  const { credential } = verification.registrationInfo;
  const passkey: StoredPasskey = {
    id: credential.id,
    name,
    publicKey: isoBase64URL.fromBuffer(credential.publicKey),
    counter: credential.counter,
    ...(credential.transports && { transports: credential.transports }),
    addedAt: new Date().toISOString(),
  };
  return addSecondFactor(
    context,
    input,
    (factors) => {
      if (factors.challenge?.challenge !== challengeOf(answer)) throw invalid();
      if (factors.passkeys.some((known) => known.id === passkey.id)) {
        throw new DomainError('ALREADY_EXISTS', 'identity.passkeyKnown');
      }
      const { challenge: _used, ...rest } = factors;
      return { ...rest, passkeys: [...factors.passkeys, passkey] };
    },
    call,
  );
}

export function removePasskey(context: IdentityContext, input: { userId: string; passkeyId: string }, call: CallInfo) {
  return removeSecondFactor(
    context,
    input.userId,
    (factors) => {
      const passkeys = factors.passkeys.filter((passkey) => passkey.id !== input.passkeyId);
      if (passkeys.length === factors.passkeys.length) throw new DomainError('NOT_FOUND', 'identity.passkeyNotFound');
      return { ...factors, passkeys };
    },
    call,
  );
}

/**
 * Options for the browser to sign in with a passkey: the member's own after their password (`userId`), or any of
 * this site's the device holds (no `userId`: the challenge is kept apart until the answer names its member).
 */
export async function beginPasskeySignIn(context: IdentityContext, userId: string): Promise<string> {
  const { id: rpID } = context.secondFactors.relyingParty;
  const expiresAt = new Date(Date.now() + PASSKEY_CHALLENGE_TTL_MS);
  if (!userId) {
    const options = await generateAuthenticationOptions({ rpID, userVerification: 'required' });
    await context.passkeyChallenges.issue(options.challenge, expiresAt);
    return JSON.stringify(options);
  }
  const passkeys = factorsOf(await context.users.get(userId)).passkeys;
  if (passkeys.length === 0) throw new DomainError('FAILED_PRECONDITION', 'identity.noPasskey');
  const options = await generateAuthenticationOptions({
    rpID,
    allowCredentials: passkeys.map(({ id, transports }) => ({ id, transports })),
    userVerification: 'preferred',
  });
  await rememberChallenge(context, userId, liveChallenge('signIn', options.challenge, expiresAt));
  return JSON.stringify(options);
}

/** The member whose id is the passkey's user handle (base64url of the id's UTF-8). */
async function ownerByHandle(context: IdentityContext, userHandle: string | undefined): Promise<UserDocument> {
  if (!userHandle) throw invalid();
  let userId: string;
  try {
    userId = isoBase64URL.toUTF8String(userHandle);
  } catch {
    throw invalid();
  }
  const owner = await context.users.findById(userId);
  if (!owner) throw invalid();
  return owner;
}

/**
 * Signs in with a passkey: the second step after the member's password (`userId`), or alone, when the device
 * confirmed its holder (user verification: a PIN, a fingerprint), so that it is two factors by itself. The signature
 * counter, when the authenticator keeps one, must grow.
 */
export async function finishPasskeySignIn(
  context: IdentityContext,
  input: { userId: string; responseJson: string },
): Promise<UserView> {
  const answer = parseAnswer<AuthenticationResponseJSON>(input.responseJson);
  const now = new Date();
  const alone = !input.userId;
  const owner = alone
    ? await ownerByHandle(context, answer.response.userHandle)
    : await context.users.get(input.userId);
  const passkey = factorsOf(owner).passkeys.find((known) => known.id === answer.id);
  if (!passkey) throw invalid();
  // A challenge of the member's is taken with the write below; one given to anyone is taken here, once.
  if (alone && !(await context.passkeyChallenges.take(challengeOf(answer), now))) throw invalid();
  const { id: rpID, origin } = context.secondFactors.relyingParty;
  const verification = await verifyAuthenticationResponse({
    response: answer,
    expectedChallenge: alone ? () => true : expectChallenge(owner, 'signIn', now),
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: {
      id: passkey.id,
      publicKey: isoBase64URL.toBuffer(passkey.publicKey),
      counter: passkey.counter,
      transports: passkey.transports,
    },
    requireUserVerification: alone,
  }).catch(() => null);
  if (!verification?.verified) throw invalid();
  const { newCounter } = verification.authenticationInfo;
  const user = await context.users.modify(owner._id, (current) => {
    const factors = factorsOf(current);
    if (!alone && factors.challenge?.challenge !== challengeOf(answer)) throw invalid();
    const { challenge: _used, ...rest } = factors;
    const passkeys = factors.passkeys.map((known) =>
      known.id === passkey.id ? { ...known, counter: newCounter, lastUsedAt: now.toISOString() } : known,
    );
    return { next: { ...current, secondFactors: { ...(alone ? factors : rest), passkeys } }, events: [] };
  });
  return ownView(user);
}
