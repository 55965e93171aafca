import type { Logger, ServiceClient } from '@tip/platform';
import type { ContentDefinition } from '@tip/content/contract';
import type { IdentityDefinition } from '@tip/identity/contract';
import type { AuditLog } from '../infra/audit-log.js';
import type { CommunityFigures } from '../infra/community-figures.js';
import type { FeedbackBox } from '../infra/feedback-box.js';
import type { MemberQueue } from '../infra/member-queue.js';
import type { PostQueue } from '../infra/post-queue.js';
import type { Reports } from '../infra/reports.js';

/**
 * The services whose state a decision changes, asked about a member or post moderation has not heard of yet, and read
 * until they show a decision. They apply its decisions from its events alone (docs/decisions.md#one-path-per-fact).
 */
export interface DecisionOwners {
  identity: Pick<ServiceClient<IdentityDefinition>, 'GetUser'>;
  content: Pick<ServiceClient<ContentDefinition>, 'GetPost'>;
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
