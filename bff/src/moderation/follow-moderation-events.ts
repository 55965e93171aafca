import { on, onEach, type EventReaction, type Subscription } from '@tip/platform';
import { EmailConfirmed, PremiumChanged, TesterFlagChanged, UserDeleted, UserRegistered } from '@tip/identity/contract';
import {
  FeedbackDeleted,
  FeedbackReceived,
  FeedbackUpdated,
  PostDecisionMade,
  PostQueueChanged,
  ReportFiled,
  ReportUpdated,
  VerificationDecided,
  VerificationQueued,
} from '@tip/moderation/contract';
import { followHere, type FollowingHere } from '../realtime/follow-here.js';
import type { AdminPushEvent, Push } from '../realtime/push.js';

/** A burst of pushes (a hundred registrations) goes out once, this long after its first. */
const PUSH_DELAY_MS = 200;

/**
 * What each event means for the admin console: the push it schedules. The queues are moderation's, so their pushes
 * follow moderation's events (written with its lists): a page that asks on hearing one finds what it was told of.
 */
function adminReactions(schedule: (pushed: AdminPushEvent) => void): EventReaction[] {
  const postApproval = (postId: string, status: string) => schedule({ type: 'post_approval_updated', postId, status });
  return [
    on(VerificationQueued, ({ userId }) => schedule({ type: 'new_verification_pending', userId })),
    on(VerificationDecided, ({ userId, status }) => schedule({ type: 'user_verification_updated', userId, status })),
    on(EmailConfirmed, ({ userId }) => schedule({ type: 'member_email_confirmed', userId })),
    on(PostQueueChanged, ({ postId, status }) => postApproval(postId, status)),
    on(PostDecisionMade, ({ postId, status }) => postApproval(postId, status)),
    on(ReportFiled, ({ postId }) => schedule({ type: 'new_post_report', postId })),
    on(ReportUpdated, ({ postId }) => schedule({ type: 'post_report_updated', postId })),
    on(FeedbackReceived, ({ feedbackId }) => schedule({ type: 'new_feedback', feedbackId })),
    on(FeedbackUpdated, ({ feedbackId }) => schedule({ type: 'feedback_updated', feedbackId })),
    on(FeedbackDeleted, ({ feedbackId }) => schedule({ type: 'feedback_updated', feedbackId })),
    // Users listed in the console changed, or an admin acted on one: its users list and audit log. (The ledger's
    // busy topic is not followed for the admins' credit adjustments: the acting admin's page refreshes itself.)
    ...onEach([UserRegistered, UserDeleted, TesterFlagChanged, PremiumChanged], () =>
      schedule({ type: 'admin_audit_updated' }),
    ),
  ];
}

/** The admin console's live updates: the admin push types, to the admins' room. */
export function followModerationEvents(options: FollowingHere & { push: Push }): Promise<Subscription> {
  const { push } = options;
  const due = new Map<string, AdminPushEvent>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    for (const pushed of due.values()) push.toAdminsHere(pushed);
    due.clear();
  };
  const schedule = (pushed: AdminPushEvent) => {
    due.set(JSON.stringify(pushed), pushed);
    timer ??= setTimeout(flush, PUSH_DELAY_MS);
  };
  return followHere(options, 'moderation', adminReactions(schedule)).then((subscription) => ({
    async stop() {
      await subscription.stop();
      clearTimeout(timer);
    },
  }));
}
