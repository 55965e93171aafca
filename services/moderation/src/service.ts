import { startService, type RunningService, type ServiceRuntime } from '@tip/platform';
import {
  MODERATION_FEEDBACK_TOPIC,
  MODERATION_POSTS_TOPIC,
  MODERATION_REPORTS_TOPIC,
  MODERATION_SERVICE_NAME,
  MODERATION_VERIFICATIONS_TOPIC,
  moderationDefinition,
  type ModerationDefinition,
} from './contract/index.js';
import type { DecisionOwners, ModerationContext } from './app/context.js';
import { moderationHandlers } from './grpc/handlers.js';
import { followAdminActions } from './infra/admin-actions.js';
import { AuditLog } from './infra/audit-log.js';
import { CommunityFigures } from './infra/community-figures.js';
import { FeedbackBox } from './infra/feedback-box.js';
import { MemberQueue } from './infra/member-queue.js';
import { PostQueue } from './infra/post-queue.js';
import { projectCommunity } from './infra/projections.js';
import { Reports } from './infra/reports.js';

/** Identity and content, called as `moderation`, are where its decisions take effect. */
export type ModerationServiceOptions = Omit<ServiceRuntime, 'objects'> & DecisionOwners;

export type RunningModerationService = RunningService<ModerationDefinition>;

/**
 * Starts moderation: its gRPC server, the relays of its decisions, reports and feedback, its projections of the
 * other services' events, and the audit log.
 */
export async function startModerationService(options: ModerationServiceOptions): Promise<RunningModerationService> {
  const { documents, events, logger } = options;
  const [members, posts, reports, feedback, audit, figures] = await Promise.all([
    MemberQueue.open(documents),
    PostQueue.open(documents),
    Reports.open(documents),
    FeedbackBox.open(documents),
    AuditLog.open(documents),
    CommunityFigures.open(documents),
  ]);
  const { identity, content } = options;
  const context: ModerationContext = { members, posts, reports, feedback, audit, figures, identity, content, logger };
  return startService({
    address: options.address,
    serviceTokenSecret: options.serviceTokenSecret,
    acceptedServiceTokenSecret: options.acceptedServiceTokenSecret,
    service: {
      name: MODERATION_SERVICE_NAME,
      definition: moderationDefinition(),
      handlers: moderationHandlers(context),
    },
    events,
    logger,
    outboxes: [
      members.outbox(MODERATION_VERIFICATIONS_TOPIC),
      posts.outbox(MODERATION_POSTS_TOPIC),
      reports.outbox(MODERATION_REPORTS_TOPIC),
      feedback.outbox(MODERATION_FEEDBACK_TOPIC),
    ],
    consumers: [() => projectCommunity(context, events), () => followAdminActions(context, events)],
  });
}
