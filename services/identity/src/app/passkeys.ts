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
import {
  MAX_PASSKEYS,
  PASSKEY_CHALLENGE_TTL_MS,
  passkeyFormSchema,
  takeChallenge,
  type UserView,
} from '../domain/index.js';
import type { ChallengePurpose } from '../infra/passkey-challenges.js';
import type { StoredPasskey, StoredSecondFactors } from '../infra/user-document.js';
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

/**
 * The factors after taking the answer's challenge, once: issued by this service for `purpose` and this member (empty
 * for a passkey alone), live, and not taken before.
 */
function takeAnswered(
  context: IdentityContext,
  factors: StoredSecondFactors,
  answered: { challenge: string; purpose: ChallengePurpose; userId: string },
  now: Date,
): StoredSecondFactors {
  const use = context.passkeyChallenges.check(answered.challenge, answered.purpose, answered.userId, now);
  const usedChallenges = use && takeChallenge(factors.usedChallenges, use, now);
  if (!usedChallenges) throw invalid();
  return { ...factors, usedChallenges };
}

const challengeExpiry = () => new Date(Date.now() + PASSKEY_CHALLENGE_TTL_MS);

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
    challenge: context.passkeyChallenges.issue('register', userId, challengeExpiry()),
  });
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
  const { id: rpID, origin } = context.secondFactors.relyingParty;
  const now = new Date();
  const answered = { challenge: challengeOf(answer), purpose: 'register' as const, userId: input.userId };
  const verification = await verifyRegistrationResponse({
    response: answer,
    // Checked for its signature and expiry here; taken once with the write that stores the passkey.
    expectedChallenge: (challenge) =>
      context.passkeyChallenges.check(challenge, 'register', input.userId, now) !== null,
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
    addedAt: now.toISOString(),
  };
  return addSecondFactor(
    context,
    input,
    (factors) => {
      if (factors.passkeys.some((known) => known.id === passkey.id)) {
        throw new DomainError('ALREADY_EXISTS', 'identity.passkeyKnown');
      }
      const taken = takeAnswered(context, factors, answered, now);
      return { ...taken, passkeys: [...factors.passkeys, passkey] };
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
  if (!userId) {
    const { id: rpID } = context.secondFactors.relyingParty;
    const challenge = context.passkeyChallenges.issue('signIn', userId, challengeExpiry());
    return JSON.stringify(await generateAuthenticationOptions({ rpID, challenge, userVerification: 'required' }));
  }
  const passkeys = factorsOf(await context.users.get(userId)).passkeys;
  if (passkeys.length === 0) throw new DomainError('FAILED_PRECONDITION', 'identity.noPasskey');
  return ownPasskeysSignIn(context, userId, passkeys);
}

/** Options for signing in as `userId` with one of `passkeys`, theirs (the second step after the password). */
export async function ownPasskeysSignIn(
  context: IdentityContext,
  userId: string,
  passkeys: StoredPasskey[],
): Promise<string> {
  const options = await generateAuthenticationOptions({
    rpID: context.secondFactors.relyingParty.id,
    challenge: context.passkeyChallenges.issue('signIn', userId, challengeExpiry()),
    allowCredentials: passkeys.map(({ id, transports }) => ({ id, transports })),
    userVerification: 'preferred',
  });
  return JSON.stringify(options);
}

/** The member id a passkey's user handle names (base64url of the id's UTF-8). */
function ownerIdByHandle(userHandle: string | undefined): string {
  if (!userHandle) throw invalid();
  try {
    return isoBase64URL.toUTF8String(userHandle);
  } catch {
    throw invalid();
  }
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
  const ownerId = alone ? await ownerIdByHandle(answer.response.userHandle) : input.userId;
  const answered = { challenge: challengeOf(answer), purpose: 'signIn' as const, userId: input.userId };
  const { id: rpID, origin } = context.secondFactors.relyingParty;
  // One read and one write: the answer is checked against the member as read, and stored only if nobody wrote meanwhile.
  const user = await context.users
    .modify(ownerId, async (current) => {
      const factors = factorsOf(current);
      const passkey = factors.passkeys.find((known) => known.id === answer.id);
      if (!passkey) throw invalid();
      const taken = takeAnswered(context, factors, answered, now);
      const verification = await verifyAuthenticationResponse({
        response: answer,
        expectedChallenge: (challenge) => challenge === answered.challenge,
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
      const passkeys = factors.passkeys.map((known) =>
        known.id === passkey.id ? { ...known, counter: newCounter, lastUsedAt: now.toISOString() } : known,
      );
      return { next: { ...current, secondFactors: { ...taken, passkeys } }, events: [] };
    })
    .catch((error: unknown) => {
      // An answer naming nobody who exists is refused as any other wrong answer.
      if (error instanceof DomainError && error.code === 'NOT_FOUND') throw invalid();
      throw error;
    });
  return ownView(user);
}
