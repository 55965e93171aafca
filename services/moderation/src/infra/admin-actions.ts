import { followEvents, on, type DeliveredEvent, type EventBus, type Subscription } from '@tip/platform';
import { PostDeleted } from '@tip/content/contract';
import { PremiumChanged, TesterFlagChanged, UserDeleted } from '@tip/identity/contract';
import { CreditsGranted } from '@tip/wallet/contract';
import {
  FeedbackDeleted,
  FeedbackUpdated,
  PostDecisionMade,
  ReportUpdated,
  VerificationDecided,
} from '../contract/index.js';
import type { ModerationContext } from '../app/context.js';
import type { AuditDocument } from './audit-log.js';

type Entry = Pick<AuditDocument, 'adminId' | 'action' | 'targetType' | 'targetId'> &
  Partial<Pick<AuditDocument, 'reason' | 'detail'>>;

/**
 * The audit log: every admin action of every service, from the events that report it (each names its admin). An
 * entry's id is its event's, so a repeated event writes nothing new. One consumer group, each topic read from its
 * start.
 */
export function followAdminActions(context: ModerationContext, events: EventBus): Promise<Subscription> {
  const record = (event: DeliveredEvent, entry: Entry) =>
    context.audit.record({ _id: event.id, at: event.occurredAt, reason: '', detail: '', ...entry });
  return followEvents({
    events,
    group: 'moderation.audit',
    logger: context.logger,
    reactions: [
      on(VerificationDecided, ({ userId, status, reason, adminId }, event) =>
        record(event, {
          adminId,
          action: `verification_${status}`,
          targetType: 'user',
          targetId: userId,
          reason: reason ?? '',
        }),
      ),
      on(PostDecisionMade, ({ postId, status, reason, adminId }, event) =>
        record(event, {
          adminId,
          action: `post_${status}`,
          targetType: 'post',
          targetId: postId,
          reason: reason ?? '',
        }),
      ),
      on(ReportUpdated, ({ reportId, postId, status, adminNotes, adminId }, event) =>
        record(event, {
          adminId,
          action: `report_${status}`,
          targetType: 'post',
          targetId: postId,
          reason: adminNotes ?? '',
          detail: reportId,
        }),
      ),
      on(FeedbackUpdated, ({ feedbackId, status, adminId }, event) =>
        record(event, {
          adminId,
          action: 'feedback_status_changed',
          targetType: 'feedback',
          targetId: feedbackId,
          detail: status,
        }),
      ),
      on(FeedbackDeleted, async ({ feedbackId, adminId }, event) => {
        if (adminId)
          await record(event, { adminId, action: 'feedback_deleted', targetType: 'feedback', targetId: feedbackId });
      }),
      on(PostDeleted, async ({ postId, authorId, adminId }, event) => {
        if (adminId)
          await record(event, {
            adminId,
            action: 'post_deleted',
            targetType: 'post',
            targetId: postId,
            detail: authorId,
          });
      }),
      on(UserDeleted, async ({ userId, adminId }, event) => {
        if (adminId) await record(event, { adminId, action: 'user_deleted', targetType: 'user', targetId: userId });
      }),
      on(PremiumChanged, async ({ userId, change, months, adminId }, event) => {
        if (adminId)
          await record(event, {
            adminId,
            action: change === 'revoked' ? 'premium_revoked' : 'premium_granted',
            targetType: 'user',
            targetId: userId,
            detail: months ? String(months) : '',
          });
      }),
      on(TesterFlagChanged, ({ userId, isTester, adminId }, event) =>
        record(event, {
          adminId,
          action: isTester ? 'tester_granted' : 'tester_revoked',
          targetType: 'user',
          targetId: userId,
        }),
      ),
      on(CreditsGranted, async (granted, event) => {
        if (granted.grant === 'admin')
          await record(event, {
            adminId: granted.adminId,
            action: 'credits_adjusted',
            targetType: 'user',
            targetId: granted.userId,
            detail: String(granted.amount),
          });
      }),
    ],
  });
}
