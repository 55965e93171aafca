import {
  MODERATION_FEEDBACK_TOPIC,
  MODERATION_POSTS_TOPIC,
  MODERATION_REPORTS_TOPIC,
  MODERATION_SERVICE_NAME,
  MODERATION_VERIFICATIONS_TOPIC,
  moderationDefinition,
  startService,
  type ModerationDefinition,
  type RunningService,
  type ServiceRuntime,
} from '@tip/platform';
import type { DecisionOwners, ModerationContext } from './app/context.js';
import { moderationHandlers } from './grpc/handlers.js';
import { followAdminActions } from './infra/audit-log.js';
import { projectCommunity } from './infra/projections.js';
import { ModerationStores } from './infra/stores.js';

/** Identity and content, called as `moderation`, are where its decisions take effect. */
export type ModerationServiceOptions = Omit<ServiceRuntime, 'objects'> & DecisionOwners;

export type RunningModerationService = RunningService<ModerationDefinition>;

/**
 * Starts moderation: its gRPC server, the relays of its decisions, reports and feedback, its projections of the
 * other services' events, and the audit log.
 */
export async function startModerationService(options: ModerationServiceOptions): Promise<RunningModerationService> {
  const { documents, events, logger } = options;
  const stores = await ModerationStores.open(documents);
  const context: ModerationContext = { stores, identity: options.identity, content: options.content, logger };
  const outbox = (collection: 'members' | 'posts' | 'reports' | 'feedback', topic: string) => ({
    collection: stores[collection],
    topic,
    onEventsStored: (notify: (id: string) => void) => stores.onStored(collection, notify),
  });
  return startService({
    address: options.address,
    serviceTokenSecret: options.serviceTokenSecret,
    service: {
      name: MODERATION_SERVICE_NAME,
      definition: moderationDefinition(),
      handlers: moderationHandlers(context),
    },
    events,
    logger,
    outboxes: [
      outbox('members', MODERATION_VERIFICATIONS_TOPIC),
      outbox('posts', MODERATION_POSTS_TOPIC),
      outbox('reports', MODERATION_REPORTS_TOPIC),
      outbox('feedback', MODERATION_FEEDBACK_TOPIC),
    ],
    consumers: [() => projectCommunity(context, events), () => followAdminActions(context, events)],
  });
}
