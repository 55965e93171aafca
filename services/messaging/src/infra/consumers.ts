import { followEvents, on, type EventBus, type Subscription } from '@tip/platform';
import { ProfileUpdated, UserDeleted, UserRegistered, type UserProfilePayload } from '@tip/identity/contract';
import { CreditsDebited } from '@tip/wallet/contract';
import type { MessagingContext } from '../app/context.js';
import { commitSend } from '../app/send.js';

/**
 * The send's safety net: a debit for a message that is still pending (the send stopped between the debit and the
 * commit) commits it, so a debit never stays without its message.
 */
export function commitPaidMessages(context: MessagingContext, events: EventBus): Promise<Subscription> {
  // Committing a message that is not pending does nothing, so a repeat is harmless and needs no handled record
  // (every message's debit comes by: recording each would cost a write a message).
  return followEvents({
    events,
    group: 'messaging.paid-messages',
    logger: context.logger,
    reactions: [
      on(CreditsDebited, async ({ reference }, event) => {
        if (reference.type !== 'message') return;
        const pending = await context.messages.pending(reference.id);
        if (pending) await commitSend(context, { messageId: reference.id }, { correlationId: event.correlationId });
      }),
    ],
  });
}

/**
 * Members as identity's events say: who may write and what a conversation shows. A deleted member leaves, with the
 * messages they wrote; the other side's messages stay, and the conversation shows 'Utente eliminato'. Each handler
 * sets what its event carries, so a repeat changes nothing.
 */
export function projectMembers(context: MessagingContext, events: EventBus): Promise<Subscription> {
  const { members, messages } = context;
  const profile = ({ userId, username, profileImageUrl, verificationStatus, isAdmin }: UserProfilePayload) =>
    members.remember(userId, { username, profileImageUrl, verificationStatus, isAdmin });
  return followEvents({
    events,
    group: 'messaging.members',
    logger: context.logger,
    reactions: [
      on(UserRegistered, profile),
      on(ProfileUpdated, profile),
      on(UserDeleted, async ({ userId }) => {
        await messages.removeWrittenBy(userId);
        await members.forget(userId);
      }),
    ],
  });
}

/**
 * Blocks as identity's events say, in a group of its own, which read identity's topic from its start when messaging
 * first followed blocks: the pairs blocked before then are known too. Each handler sets what its event says.
 */
export function projectBlocks(context: MessagingContext, events: EventBus): Promise<Subscription> {
  return followEvents({
    events,
    group: 'messaging.blocks',
    logger: context.logger,
    reactions: context.blocks.reactions(),
  });
}
