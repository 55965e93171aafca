import { hostname } from 'node:os';
import {
  CONTENT_POSTS_TOPIC,
  FeedbackDeleted,
  FeedbackReceived,
  FeedbackUpdated,
  IDENTITY_USERS_TOPIC,
  MODERATION_FEEDBACK_TOPIC,
  MODERATION_POSTS_TOPIC,
  MODERATION_REPORTS_TOPIC,
  MODERATION_VERIFICATIONS_TOPIC,
  PostCreated,
  PostDecisionMade,
  PostDeleted,
  PremiumChanged,
  ReportFiled,
  ReportUpdated,
  TesterFlagChanged,
  UserDeleted,
  UserRegistered,
  VerificationDecided,
  VerificationSubmitted,
  type DeliveredEvent,
  type EventBus,
  type Logger,
  type Subscription,
} from '@tip/platform';
import type { AdminPushEvent, Push } from '../realtime/push.js';

/** Each replica pushes to its own admins' sockets, so each consumes every event: the group is per host. */
export const moderationEventsGroup = () => `bff-moderation-${hostname()}`;

/**
 * Moderation projects these same events; an admin's page that refetched at the very moment an event arrived could
 * still read the list before it. Pushes wait this long, and a burst of them (a hundred registrations) goes out once.
 */
const PUSH_DELAY_MS = 200;

/** What an event means for the admin console, if anything. */
function adminPushOf(event: DeliveredEvent): AdminPushEvent | null {
  if (VerificationSubmitted.matches(event))
    return { type: 'new_verification_pending', userId: VerificationSubmitted.parse(event).userId };
  if (VerificationDecided.matches(event)) {
    const { userId, status } = VerificationDecided.parse(event);
    return { type: 'user_verification_updated', userId, status };
  }
  if (PostCreated.matches(event)) {
    const { postId, status } = PostCreated.parse(event);
    return status === 'pending' ? { type: 'post_approval_updated', postId, status } : null;
  }
  if (PostDecisionMade.matches(event)) {
    const { postId, status } = PostDecisionMade.parse(event);
    return { type: 'post_approval_updated', postId, status };
  }
  if (PostDeleted.matches(event))
    return { type: 'post_approval_updated', postId: PostDeleted.parse(event).postId, status: 'deleted' };
  if (ReportFiled.matches(event)) return { type: 'new_post_report', postId: ReportFiled.parse(event).postId };
  if (ReportUpdated.matches(event)) return { type: 'post_report_updated', postId: ReportUpdated.parse(event).postId };
  if (FeedbackReceived.matches(event))
    return { type: 'new_feedback', feedbackId: FeedbackReceived.parse(event).feedbackId };
  if (FeedbackUpdated.matches(event))
    return { type: 'feedback_updated', feedbackId: FeedbackUpdated.parse(event).feedbackId };
  if (FeedbackDeleted.matches(event))
    return { type: 'feedback_updated', feedbackId: FeedbackDeleted.parse(event).feedbackId };
  // Users listed in the console changed, or an admin acted on one: its users list and audit log. (The ledger's
  // busy topic is not followed for the admins' credit adjustments: the acting admin's page refreshes itself.)
  if ([UserRegistered, UserDeleted, TesterFlagChanged, PremiumChanged].some((definition) => definition.matches(event)))
    return { type: 'admin_audit_updated' };
  return null;
}

/** The admin console's live updates: the admin push types, to the admins' room. */
export function followModerationEvents(options: {
  events: EventBus;
  push: Push;
  logger: Logger;
  group?: string;
}): Promise<Subscription> {
  const { push, logger } = options;
  const due = new Map<string, AdminPushEvent>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    for (const pushed of due.values()) push.toAdminsHere(pushed);
    due.clear();
  };
  return options.events
    .subscribe({
      group: options.group ?? moderationEventsGroup(),
      topics: [
        IDENTITY_USERS_TOPIC,
        CONTENT_POSTS_TOPIC,
        MODERATION_VERIFICATIONS_TOPIC,
        MODERATION_POSTS_TOPIC,
        MODERATION_REPORTS_TOPIC,
        MODERATION_FEEDBACK_TOPIC,
      ],
      async handle(event) {
        try {
          const pushed = adminPushOf(event);
          if (!pushed) return;
          due.set(JSON.stringify(pushed), pushed);
          timer ??= setTimeout(flush, PUSH_DELAY_MS);
        } catch (error) {
          logger.error({ err: error, eventId: event.id, type: event.type }, 'skipping an unreadable event');
        }
      },
    })
    .then((subscription) => ({
      async stop() {
        await subscription.stop();
        clearTimeout(timer);
      },
    }));
}
