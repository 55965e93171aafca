import { join } from 'node:path';
import { bffConfigSchema, startBff, testDataEnabled } from '@tip/bff';
import {
  adminSecondFactorPolicy,
  identityAdmin,
  identityConfigSchema,
  mailConfigShape,
  mailOptionsFrom,
  secondFactorConfigShape,
  startIdentityService,
  type AdminCredentials,
} from '@tip/identity';
import { ledgerCheckConfigShape, startWalletService, stripeConfigShape, stripeSettings } from '@tip/wallet';
import { postApprovalSetting, startContentService } from '@tip/content';
import { startMessagingService } from '@tip/messaging';
import { startModerationService } from '@tip/moderation';
import { notificationsSettings, notificationsSettingsShape, startNotificationsService } from '@tip/notifications';
import {
  adapterOptionsFrom,
  engineConfigSchema,
  generateServiceTokenSecret,
  openCache,
  openDocumentStore,
  openEventBus,
  openObjectStore,
  optionalString,
  metricsForPrimary,
  startMetricsServer,
  StopStack,
  type Logger,
} from '@tip/platform';
import type { z } from 'zod';
import { persistedSessionSecret } from './session-secret.js';
import { bffEventsGroup, identityListsGroup, workersSetting } from './workers/worker-slot.js';

/** Everything in one process reads one environment: the engines, the BFF's settings and identity's admin. */
export const embeddedConfigSchema = engineConfigSchema
  .extend(bffConfigSchema.shape)
  .extend({ SESSION_SECRET: optionalString().pipe(bffConfigSchema.shape.SESSION_SECRET.optional()) })
  .extend({
    ADMIN_EMAIL: identityConfigSchema.shape.ADMIN_EMAIL,
    ADMIN_PASSWORD: identityConfigSchema.shape.ADMIN_PASSWORD,
    SMTP_URL: mailConfigShape.SMTP_URL,
    MAIL_FROM: mailConfigShape.MAIL_FROM,
    ADMIN_SECOND_FACTOR: secondFactorConfigShape.ADMIN_SECOND_FACTOR,
    ADMIN_SECOND_FACTOR_GRACE_DAYS: secondFactorConfigShape.ADMIN_SECOND_FACTOR_GRACE_DAYS,
  })
  .extend(stripeConfigShape)
  .extend(ledgerCheckConfigShape)
  .extend(notificationsSettingsShape)
  .extend({ POST_APPROVAL: postApprovalSetting })
  .extend({ WORKERS: workersSetting });
export type EmbeddedConfig = z.infer<typeof embeddedConfigSchema>;

export interface RunningPlatform {
  url: string;
  /** Set when this start created the first admin: its password is shown only this once. */
  adminCreated?: AdminCredentials;
  /** Finishes requests in flight, stops the services, then flushes and closes every store. */
  stop(): Promise<void>;
}

/**
 * The whole platform in one process: the shared engines opened once (one event log and cache for all; each service
 * its own document store), every gRPC service on loopback, and the BFF in front. Services that call another (content
 * and messaging charge through the wallet, the wallet extends premium at identity, moderation applies its decisions
 * at identity and content) call it in
 * process, as the BFF does.
 */
export async function startPlatform(
  config: EmbeddedConfig,
  logger: Logger,
  /** Set in one of npm start's workers: its slot (1 to WORKERS). */
  workerSlot?: number,
): Promise<RunningPlatform> {
  const engines = adapterOptionsFrom(config, 'tip');
  // Settings that need each other are checked before anything starts.
  const stripe = stripeSettings(config);
  const admin = identityAdmin(config);
  testDataEnabled(config);
  // The services listen on loopback only, and refuse any call without a token signed with this secret, made at each
  // start and never written down: the BFF calls them in this process, so nothing else on the machine can.
  const serviceTokenSecret = generateServiceTokenSecret();
  const stops = new StopStack();
  try {
    const events = await openEventBus({ ...engines, logger });
    stops.defer(() => events.close());
    const cache = await openCache({ ...engines, logger });
    stops.defer(() => cache.close());
    const objects = await openObjectStore(engines);
    stops.defer(() => objects.close());
    const identityDocuments = await openDocumentStore({
      ...engines,
      dataDir: join(config.DATA_DIR, 'identity'),
      logger,
    });
    stops.defer(() => identityDocuments.close());

    // Also what identity signs passkey challenges with: every worker of npm start must accept another's.
    const sessionSecret = config.SESSION_SECRET ?? (await persistedSessionSecret(config.DATA_DIR));
    const identity = await startIdentityService({
      address: '127.0.0.1:0',
      serviceTokenSecret,
      documents: identityDocuments,
      events,
      objects,
      logger: logger.child({ service: 'identity' }),
      admin,
      // Without PUBLIC_URL, links point at this process as npm start prints it.
      mail: mailOptionsFrom(config, logger.child({ service: 'identity' }), `http://localhost:${config.PORT}`),
      adminSecondFactor: adminSecondFactorPolicy(config),
      passkeyChallengeSecret: sessionSecret,
      ...(workerSlot !== undefined && { listsGroup: identityListsGroup(workerSlot) }),
    });
    stops.defer(() => identity.stop());

    const walletDocuments = await openDocumentStore({ ...engines, dataDir: join(config.DATA_DIR, 'wallet'), logger });
    stops.defer(() => walletDocuments.close());
    const wallet = await startWalletService({
      address: '127.0.0.1:0',
      serviceTokenSecret,
      documents: walletDocuments,
      events,
      logger: logger.child({ service: 'wallet' }),
      stripe,
      identity: identity.local,
      integrityCheckIntervalMs: config.LEDGER_CHECK_INTERVAL_MS,
    });
    stops.defer(() => wallet.stop());

    const contentDocuments = await openDocumentStore({ ...engines, dataDir: join(config.DATA_DIR, 'content'), logger });
    stops.defer(() => contentDocuments.close());
    const content = await startContentService({
      address: '127.0.0.1:0',
      serviceTokenSecret,
      documents: contentDocuments,
      events,
      objects,
      logger: logger.child({ service: 'content' }),
      approval: config.POST_APPROVAL,
      wallet: wallet.local,
    });
    stops.defer(() => content.stop());

    const messagingDocuments = await openDocumentStore({
      ...engines,
      dataDir: join(config.DATA_DIR, 'messaging'),
      logger,
    });
    stops.defer(() => messagingDocuments.close());
    const messaging = await startMessagingService({
      address: '127.0.0.1:0',
      serviceTokenSecret,
      documents: messagingDocuments,
      events,
      logger: logger.child({ service: 'messaging' }),
      wallet: wallet.local,
    });
    stops.defer(() => messaging.stop());

    const moderationDocuments = await openDocumentStore({
      ...engines,
      dataDir: join(config.DATA_DIR, 'moderation'),
      logger,
    });
    stops.defer(() => moderationDocuments.close());
    const moderation = await startModerationService({
      address: '127.0.0.1:0',
      serviceTokenSecret,
      documents: moderationDocuments,
      events,
      logger: logger.child({ service: 'moderation' }),
      identity: identity.local,
      content: content.local,
    });
    stops.defer(() => moderation.stop());

    const notificationsDocuments = await openDocumentStore({
      ...engines,
      dataDir: join(config.DATA_DIR, 'notifications'),
      logger,
    });
    stops.defer(() => notificationsDocuments.close());
    const notifications = await startNotificationsService({
      address: '127.0.0.1:0',
      serviceTokenSecret,
      documents: notificationsDocuments,
      events,
      logger: logger.child({ service: 'notifications' }),
      ...notificationsSettings(config),
      messaging: messaging.local,
    });
    stops.defer(() => notifications.stop());

    const bff = await startBff({
      config: { ...config, SESSION_SECRET: sessionSecret },
      // Every service is in this process: the BFF calls them in process, not over loopback gRPC.
      identity: identity.local,
      wallet: wallet.local,
      content: content.local,
      messaging: messaging.local,
      moderation: moderation.local,
      notifications: notifications.local,
      events,
      cache,
      logger: logger.child({ service: 'bff' }),
      eventsGroup: bffEventsGroup(workerSlot),
      ...(workerSlot !== undefined && { workerSlot }),
      // One process on a cache of its own: no worker or replica ends a session it serves.
      servesSessionsAlone: workerSlot === undefined && !config.REDIS_URL,
    });
    stops.defer(() => bff.stop());
    // One endpoint for the whole process: every service's series and the BFF's, told apart by their labels. A
    // worker's are served by the primary, summed over the workers (metricsOfWorkers).
    if (config.METRICS_PORT && workerSlot !== undefined) metricsForPrimary();
    else if (config.METRICS_PORT) {
      const metrics = await startMetricsServer({ port: config.METRICS_PORT, host: config.METRICS_HOST, logger });
      stops.defer(() => metrics.stop());
    }
    return {
      url: bff.url,
      ...(identity.adminCreated && { adminCreated: identity.adminCreated }),
      stop: () => stops.stopAll(),
    };
  } catch (error) {
    await stops
      .stopAll()
      .catch((stopError: unknown) => logger.error({ err: stopError }, 'could not stop after a failed start'));
    throw error;
  }
}
