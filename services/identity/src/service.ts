import { startService, type RunningService, type ServiceRuntime } from '@tip/platform';
import {
  IDENTITY_CALLERS,
  IDENTITY_SERVICE_NAME,
  IDENTITY_SESSIONS_TOPIC,
  IDENTITY_USERS_TOPIC,
  identityDefinition,
  type IdentityDefinition,
} from './contract/index.js';
import type { IdentityContext } from './app/context.js';
import { ensureAdmin, type AdminCredentials } from './app/ensure-admin.js';
import { consumeDeletionsForBlocks } from './infra/block-deletions.js';
import { BlockRepository } from './infra/block-repository.js';
import { identityHandlers } from './grpc/handlers.js';
import { argon2PasswordHasher } from './infra/password-hasher.js';
import { PhotoStorage } from './infra/photo-storage.js';
import { UserRepository } from './infra/user-repository.js';
import { consumeVerificationDecisions } from './infra/verification-decisions.js';
import { MailQueue } from './infra/mail-queue.js';
import { PasskeyChallenges } from './infra/passkey-challenges.js';
import { SessionRepository } from './infra/session-repository.js';
import { followUserWritesForLists } from './infra/lists-follow-writes.js';
import { startMailSender } from './infra/mail-sender.js';
import type { IdentityMailOptions } from './mail-settings.js';
import { BRAND, type AdminSecondFactorPolicy } from './domain/index.js';
import { relyingPartyOf } from './second-factor-settings.js';

export interface IdentityServiceOptions extends ServiceRuntime {
  /** The admin to create, promote or whose password to reset (ADMIN_EMAIL, ADMIN_PASSWORD). */
  admin?: AdminCredentials;
  /** Where its mail goes (mailOptionsFrom: SMTP, or .eml files) and the address its links start with. */
  mail: IdentityMailOptions;
  /** Whether admins must have a second factor (ADMIN_SECOND_FACTOR); by default they need not. */
  adminSecondFactor?: AdminSecondFactorPolicy;
  /**
   * What passkey challenges are signed with, shared by every process that may take an answer: the service token
   * secret by default (identity's replicas share it); the embedded platform's workers share their session secret.
   */
  passkeyChallengeSecret?: string;
  /**
   * The consumer group, this process's own, through which its admin console's lists hear of users the other
   * processes on the same data wrote (npm start's workers); unset, their writes show within the lists' TTL (30 s).
   */
  listsGroup?: string;
}

export interface RunningIdentityService extends RunningService<IdentityDefinition> {
  /** Set when this start created the first admin with a random password: print it once. */
  adminCreated?: AdminCredentials;
}

/**
 * Starts identity: its gRPC server (with the gRPC health service), the outbox relays of users and blocks publishing
 * on `identity.users`, the consumers of moderation's verification decisions, the wallet's premium purchases and its
 * own deletions (which lift the deleted account's blocks), the admin account, and the sender of its mail queue.
 */
export async function startIdentityService(options: IdentityServiceOptions): Promise<RunningIdentityService> {
  const { documents, events, objects, logger, listsGroup } = options;
  const [users, blocks, mailQueue, sessions] = await Promise.all([
    UserRepository.open(documents),
    BlockRepository.open(documents),
    MailQueue.open(documents),
    SessionRepository.open(documents),
  ]);
  const context: IdentityContext = {
    users,
    blocks,
    sessions,
    mail: { queue: mailQueue, transport: options.mail.transport, publicUrl: options.mail.publicUrl },
    photos: new PhotoStorage(objects, logger),
    passwords: argon2PasswordHasher(),
    secondFactors: {
      adminPolicy: options.adminSecondFactor ?? { required: false, graceMs: 0 },
      // Passkeys belong to the address browsers use, which the mails' links start with too.
      relyingParty: relyingPartyOf(options.mail.publicUrl, BRAND.name),
    },
    passkeyChallenges: new PasskeyChallenges(options.passkeyChallengeSecret ?? options.serviceTokenSecret),
    logger,
  };
  const lookalikes = await users.addMissingSkeletons();
  if (lookalikes.length > 0) {
    logger.warn({ userIds: lookalikes }, 'members whose names look like older ones kept them, without a skeleton');
  }
  // Ensured before the relays run: its events wait in the outbox for their first sweep.
  const adminCreated = await ensureAdmin(context, options.admin);
  const service = await startService({
    address: options.address,
    serviceTokenSecret: options.serviceTokenSecret,
    acceptedServiceTokenSecret: options.acceptedServiceTokenSecret,
    service: {
      name: IDENTITY_SERVICE_NAME,
      definition: identityDefinition(),
      handlers: identityHandlers(context),
      callers: IDENTITY_CALLERS,
    },
    events,
    logger,
    // Blocks are their own documents, with their own relay on the same topic (their events are keyed by the blocker).
    outboxes: [
      {
        collection: users.collection,
        topic: IDENTITY_USERS_TOPIC,
        onEventsStored: (notify) => users.onEventsStored(notify),
      },
      {
        collection: blocks.collection,
        topic: IDENTITY_USERS_TOPIC,
        onEventsStored: (notify) => blocks.onEventsStored(notify),
      },
      sessions.outbox(IDENTITY_SESSIONS_TOPIC),
    ],
    consumers: [
      () => consumeVerificationDecisions(context, events, documents),
      () => consumeDeletionsForBlocks(context, events, documents),
      ...(listsGroup === undefined
        ? []
        : [() => followUserWritesForLists({ users, events, group: listsGroup, logger })]),
    ],
  });
  // Mail goes out beside the requests, never in them: a request only queues it.
  const mailSender = startMailSender({ queue: mailQueue, transport: options.mail.transport, logger });
  return {
    ...service,
    ...(adminCreated && { adminCreated }),
    async stop() {
      await service.stop();
      await mailSender.stop();
    },
  };
}
