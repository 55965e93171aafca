import {
  followEvents,
  upsert,
  on,
  CreditsDebited,
  IDENTITY_USERS_TOPIC,
  ProfileUpdated,
  UserDeleted,
  UserRegistered,
  type EventBus,
  type Subscription,
} from '@tip/platform';
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
        const pending = await context.stores.messages.findOne({ _id: reference.id, status: 'pending' });
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
  const { members, messages } = context.stores;
  return events.subscribe({
    group: 'messaging.members',
    topics: [IDENTITY_USERS_TOPIC],
    async handle(event) {
      let fact: { profile: ReturnType<typeof ProfileUpdated.parse> } | { deleted: string } | null;
      try {
        if (UserRegistered.matches(event)) fact = { profile: UserRegistered.parse(event) };
        else if (ProfileUpdated.matches(event)) fact = { profile: ProfileUpdated.parse(event) };
        else if (UserDeleted.matches(event)) fact = { deleted: UserDeleted.parse(event).userId };
        else fact = null;
      } catch (error) {
        // A malformed event cannot become well-formed by being delivered again: log it and move on.
        context.logger.error(
          { err: error, eventId: event.id, type: event.type },
          'skipping an unreadable identity event',
        );
        return;
      }
      if (fact && 'deleted' in fact) {
        await messages.deleteMany({ senderId: fact.deleted });
        await members.deleteOne({ _id: fact.deleted });
      } else if (fact) {
        const { userId, username, profileImageUrl, verificationStatus, isAdmin } = fact.profile;
        const fields = { username, profileImageUrl, verificationStatus, isAdmin };
        await upsert(members, userId, fields, () => ({ _id: userId, ...fields }));
      }
    },
  });
}
