import { BlockProjection } from '@tip/identity/contract';
import { startService, type RunningService, type ServiceRuntime } from '@tip/platform';
import {
  NOTIFICATIONS_CALLERS,
  NOTIFICATIONS_MEMBERS_TOPIC,
  NOTIFICATIONS_SERVICE_NAME,
  notificationsDefinition,
  type NotificationsDefinition,
} from './contract/index.js';
import type { NotificationsContext } from './app/context.js';
import { schedulePremiumSweeps } from './app/premium-moments.js';
import { DevicePushes } from './app/push.js';
import { DEFAULT_PREMIUM_SWEEP_INTERVAL_MS, DEFAULT_PUSH_HOLD_MS } from './config.js';
import { notificationsHandlers } from './grpc/handlers.js';
import { Bells } from './infra/bells.js';
import { collectionName } from './infra/collections.js';
import { followTheCommunity } from './infra/consumers.js';
import { MemberDirectory } from './infra/member-directory.js';
import { messagePreviews, type MessagePreviewClient } from './infra/message-previews.js';
import { NotificationStore } from './infra/notification-store.js';
import { PostDirectory } from './infra/post-directory.js';
import { openPushing, type PushOptions } from './infra/pushing.js';

export type NotificationsServiceOptions = Omit<ServiceRuntime, 'objects'> &
  PushOptions & {
    /** How often premium's moments are swept for (config PREMIUM_SWEEP_INTERVAL_MS). */
    premiumSweepIntervalMs?: number;
    /** The clock premium's moments are planned and swept by; tests move it on. */
    now?: () => Date;
    /** Messaging, asked for a message's text when a member wants previews; without it devices show none. */
    messaging?: MessagePreviewClient;
  };

export type RunningNotificationsService = RunningService<NotificationsDefinition> & {
  /** Resolves once no notification waits to go to the devices and none is being sent (tests, benches). */
  pushesSent(): Promise<void>;
};

/**
 * Starts notifications: its gRPC server, the relay of the members' bells on `notifications.members`, what it hears
 * of the other services' events, the sweep for premium's moments, and the pushes to the members' devices.
 */
export async function startNotificationsService(
  options: NotificationsServiceOptions,
): Promise<RunningNotificationsService> {
  const { documents, events, logger, now = () => new Date() } = options;
  const [entries, bells, members, posts, blocks] = await Promise.all([
    NotificationStore.open(documents),
    Bells.open(documents),
    MemberDirectory.open(documents, now),
    PostDirectory.open(documents),
    BlockProjection.open(documents, collectionName('blocks')),
  ]);
  const pushing = await openPushing(documents, options, logger);
  const previews = options.messaging ? messagePreviews(options.messaging, logger) : async () => null;
  const base = { entries, bells, members, posts, blocks, logger, ...pushing, previews };
  const pushes = new DevicePushes(base, options.pushHoldMs ?? DEFAULT_PUSH_HOLD_MS);
  const context: NotificationsContext = { ...base, pushes };
  const service = await startService({
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
  const intervalMs = options.premiumSweepIntervalMs ?? DEFAULT_PREMIUM_SWEEP_INTERVAL_MS;
  const stopSweeps = schedulePremiumSweeps(context, { intervalMs, now });
  return {
    ...service,
    pushesSent: () => pushes.idle(),
    stop: async () => {
      await stopSweeps();
      await service.stop();
      await pushes.idle();
      pushing.sender.close();
    },
  };
}
