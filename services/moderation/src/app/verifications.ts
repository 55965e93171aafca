import { DomainError, parseInput } from '@tip/platform';
import { VerificationDecided } from '../contract/index.js';
import { decisionSchema } from '../domain/index.js';
import { ownerApplied } from './owner-applied.js';
import { unlessGone } from './unless-gone.js';
import type { CallInfo, ModerationContext } from './context.js';
import { decisionsMade } from './figures.js';

/** Users whose verification photo waits for a decision, longest waiting first, with a gender change to check. */
export async function pendingVerifications(context: ModerationContext) {
  const waiting = await context.members.waiting();
  return waiting.map((member) => ({
    userId: member._id,
    submittedAt: member.submittedAt ?? member.registeredAt,
    genderChange: member.genderChange ?? null,
  }));
}

/**
 * The member a decision is about, as moderation knows them; one it has not heard of yet (registered a moment ago,
 * their event still on its way) as identity answers, taken in as the event will describe them.
 */
async function memberToDecide(context: ModerationContext, userId: string, adminId: string) {
  const known = await context.members.get(userId);
  if (known) return known;
  const user = await context.identity.GetUser({ userId, viewerId: adminId }).catch(unlessGone);
  if (!user) return null;
  await context.members.learn({ ...user, userId });
  return context.members.get(userId);
}

/**
 * An admin's decision on a waiting photo: stored here with VerificationDecided, in one write; identity applies it from
 * that event (the one path: it arrives even when identity is down at the moment), and the member's pages hear it.
 * The answer waits until identity shows it, so that the member's next page does. Of two admins deciding at once,
 * the second is told it was decided already.
 */
export async function decideVerification(
  context: ModerationContext,
  input: { userId: string; status: string; reason: string; adminId: string },
  call: CallInfo,
): Promise<void> {
  const { status, reason } = parseInput(decisionSchema, input);
  const member = await memberToDecide(context, input.userId, input.adminId);
  if (!member) throw new DomainError('NOT_FOUND', 'moderation.userNotFound');
  const decision = { userId: member._id, status, ...(reason ? { reason } : {}), adminId: input.adminId };
  const decided = VerificationDecided.create(member._id, decision, call.correlationId);
  if (!(await context.members.decide(member._id, status, [decided])))
    throw new DomainError('FAILED_PRECONDITION', 'moderation.alreadyDecided');
  decisionsMade.inc({ subject: 'verification', status });
  await ownerApplied(context, { owner: 'identity', id: member._id }, async () => {
    const shown = await context.identity.GetUser({ userId: member._id, viewerId: input.adminId });
    return shown.verificationStatus === status;
  });
}
