import { DomainError, parseInput, VerificationDecided } from '@tip/platform';
import { decisionSchema } from '../domain/index.js';
import type { CallInfo, ModerationContext } from './context.js';

/** Users whose verification photo waits for a decision, longest waiting first, with a gender change to check. */
export async function pendingVerifications(context: ModerationContext) {
  const waiting = await context.stores.members.find(
    { verificationStatus: 'pending', deleted: false },
    { sort: { submittedAt: 1, registeredAt: 1 } },
  );
  return waiting.map((member) => ({
    userId: member._id,
    submittedAt: member.submittedAt ?? member.registeredAt,
    genderChange: member.genderChange ?? null,
  }));
}

/**
 * An admin's decision on a waiting photo. Stored here with VerificationDecided, which identity applies; of two
 * admins deciding at once, the second is told it was decided already.
 */
export async function decideVerification(
  context: ModerationContext,
  input: { userId: string; status: string; reason: string; adminId: string },
  call: CallInfo,
): Promise<void> {
  const { status, reason } = parseInput(decisionSchema, input);
  const member = await context.stores.members.findOne({ _id: input.userId, deleted: false });
  if (!member) throw new DomainError('NOT_FOUND', 'moderation.userNotFound');
  const decided = VerificationDecided.create(
    member._id,
    { userId: member._id, status, ...(reason ? { reason } : {}), adminId: input.adminId },
    call.correlationId,
  );
  const stored = await context.stores.update(
    'members',
    member._id,
    { verificationStatus: 'pending', deleted: false },
    { $set: { verificationStatus: status, genderChange: null } },
    [decided],
  );
  if (!stored) throw new DomainError('FAILED_PRECONDITION', 'moderation.alreadyDecided');
}
