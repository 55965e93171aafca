import type { Logger, ServiceClient } from '@tip/platform';
import type { ContentDefinition } from '@tip/content/contract';
import type { IdentityDefinition } from '@tip/identity/contract';
import type { AuditLog } from '../infra/audit-log.js';
import type { CommunityFigures } from '../infra/community-figures.js';
import type { FeedbackBox } from '../infra/feedback-box.js';
import type { MemberQueue } from '../infra/member-queue.js';
import type { PostQueue } from '../infra/post-queue.js';
import type { Reports } from '../infra/reports.js';

/** The services whose state a decision changes: moderation applies its decisions there as it records them. */
export interface DecisionOwners {
  identity: Pick<ServiceClient<IdentityDefinition>, 'GetUser' | 'ApplyVerificationDecision'>;
  content: Pick<ServiceClient<ContentDefinition>, 'GetPost' | 'ApplyPostDecision'>;
}

/** What the use cases work with: moderation's repositories, and the owners of what it decides about. */
export interface ModerationContext extends DecisionOwners {
  members: MemberQueue;
  posts: PostQueue;
  reports: Reports;
  feedback: FeedbackBox;
  audit: AuditLog;
  figures: CommunityFigures;
  logger: Logger;
}

/** Per call: the request id, carried by the events the call causes. */
export interface CallInfo {
  correlationId: string;
}
