import { DomainError } from '@tip/platform';
import type { VerificationDecidedPayload } from '@tip/moderation/contract';
import { mayResubmitVerification, UPLOAD_RULES, type UserView } from '../domain/index.js';
import { processImage } from '../infra/image-processing.js';
import type { UserDocument } from '../infra/user-document.js';
import type { CallInfo, IdentityContext } from './context.js';
import { profileUpdated, verificationSubmitted } from './user-events.js';
import { ownView } from './viewer.js';

function assertMayResubmit(user: UserDocument): void {
  if (user.needsProfileSetup) throw new DomainError('FAILED_PRECONDITION', 'identity.profileSetupRequired');
  if (!mayResubmitVerification(user.verificationStatus)) {
    throw new DomainError('FAILED_PRECONDITION', 'identity.alreadyVerified');
  }
}

/** A new verification photo (after a rejection, or replacing a pending one): the user waits for a decision again. */
export async function resubmitVerification(
  context: IdentityContext,
  userId: string,
  photo: Buffer,
  call: CallInfo,
): Promise<UserView> {
  assertMayResubmit(await context.users.get(userId));
  const processed = await processImage(photo, UPLOAD_RULES.resubmission, 'jpeg');
  const key = await context.photos.store('verification', userId, processed);
  let replaced: string | undefined;
  try {
    const updated = await context.users.modify(userId, (current) => {
      assertMayResubmit(current);
      replaced = current.verificationPhotoKey;
      const next: UserDocument = {
        ...current,
        verificationPhotoKey: key,
        verificationStatus: 'pending',
        verificationNotes: undefined,
        verificationSubmittedAt: new Date().toISOString(),
      };
      return { next, events: [verificationSubmitted(next, call), profileUpdated(next, call)] };
    });
    await context.photos.discard(replaced);
    return ownView(updated);
  } catch (error) {
    await context.photos.discard(key);
    throw error;
  }
}

function storeDecision(context: IdentityContext, decision: VerificationDecidedPayload, call: CallInfo) {
  return context.users.modify(decision.userId, (current) => {
    const next: UserDocument = {
      ...current,
      verificationStatus: decision.status,
      verificationNotes: decision.status === 'rejected' ? decision.reason || undefined : undefined,
      // Decided: the gender the photo now establishes is the profile's.
      genderChange: undefined,
    };
    return { next, events: [profileUpdated(next, call)] };
  });
}

/**
 * An admin's decision, from moderation's VerificationDecided (the one path: docs/decisions.md#one-path-per-fact),
 * `decidedAt` being when moderation recorded it. It decides the photo waiting now, and only that one: a decision
 * delivered again, or an earlier one delivered late (made before the photo now waiting was sent, or once the member
 * was decided), changes nothing. A decision about a deleted user has nothing left to change.
 */
export async function applyVerificationDecision(
  context: IdentityContext,
  decision: VerificationDecidedPayload & { decidedAt: string },
  call: CallInfo,
): Promise<void> {
  try {
    const current = await context.users.get(decision.userId);
    if (current.verificationStatus !== 'pending') return;
    if (current.verificationSubmittedAt && decision.decidedAt < current.verificationSubmittedAt) return;
    await storeDecision(context, decision, call);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'NOT_FOUND') {
      context.logger.info({ userId: decision.userId }, 'verification decision for a user that no longer exists');
      return;
    }
    throw error;
  }
}
