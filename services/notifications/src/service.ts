import { startService, type RunningService, type ServiceRuntime } from '@tip/platform';
import {
  NOTIFICATIONS_CALLERS,
  NOTIFICATIONS_MEMBERS_TOPIC,
  NOTIFICATIONS_SERVICE_NAME,
  notificationsDefinition,
  type NotificationsDefinition,
} from './contract/index.js';
import type { NotificationsContext } from './app/context.js';
import { notificationsHandlers } from './grpc/handlers.js';
import { Bells } from './infra/bells.js';
import { BlockProjection } from './infra/block-projection.js';
import { followTheCommunity } from './infra/consumers.js';
import { MemberDirectory } from './infra/member-directory.js';
import { NotificationStore } from './infra/notification-store.js';
import { PostDirectory } from './infra/post-directory.js';

export type NotificationsServiceOptions = Omit<ServiceRuntime, 'objects'>;

export type RunningNotificationsService = RunningService<NotificationsDefinition>;

/**
 * Starts notifications: its gRPC server, the relay of the members' bells on `notifications.members`, and what it
 * hears of the other services' events.
 */
export async function startNotificationsService(
  options: NotificationsServiceOptions,
): Promise<RunningNotificationsService> {
  const { documents, events, logger } = options;
  const [entries, bells, members, posts, blocks] = await Promise.all([
    NotificationStore.open(documents),
    Bells.open(documents),
    MemberDirectory.open(documents),
    PostDirectory.open(documents),
    BlockProjection.open(documents),
  ]);
  const context: NotificationsContext = { entries, bells, members, posts, blocks, logger };
  return startService({
    address: options.address,
    serviceTokenSecret: options.serviceTokenSecret,
    acceptedServiceTokenSecret: options.acceptedServiceTokenSecret,
    service: {
      name: NOTIFICATIONS_SERVICE_NAME,
      definition: notificationsDefinition(),
      handlers: notificationsHandlers(context),
      callers: NOTIFICATIONS_CALLERS,
    },
    events,
    logger,
    outboxes: [bells.outbox(NOTIFICATIONS_MEMBERS_TOPIC)],
    consumers: [() => followTheCommunity(context, events, documents)],
  });
}
