import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createGrpcClient,
  generateServiceTokenSecret,
  createLogger,
  SqliteEventLog,
  MODERATION_FEEDBACK_TOPIC,
  MODERATION_POSTS_TOPIC,
  MODERATION_REPORTS_TOPIC,
  MODERATION_VERIFICATIONS_TOPIC,
  moderationDefinition,
  SqliteDocumentStore,
  PostCreated,
  UserRegistered,
  VerificationSubmitted,
  type DeliveredEvent,
  type ModerationDefinition,
  type ServiceClient,
  type UserProfilePayload,
} from '@tip/platform';
import { copyEventsOnly, memberProfile, waitFor } from '@tip/platform/testing';
import { startModerationService, type RunningModerationService } from '../service.js';

/** The secret the services check their callers' tokens against, as the BFF would hold it (SERVICE_TOKEN_SECRET). */
const serviceTokenSecret = generateServiceTokenSecret();

/** Moderation as the BFF sees it, for tests, fed the other services' events the way they publish them. */
export interface ModerationHarness {
  client: ServiceClient<ModerationDefinition>;
  service: RunningModerationService;
  events: SqliteEventLog;
  /** What moderation published. */
  published: DeliveredEvent[];
  /** A registered member (approved unless told otherwise), once moderation knows of them. */
  member(overrides?: Partial<UserProfilePayload>): Promise<string>;
  /** A member whose verification photo waits for a decision, once it is in the queue. */
  waitingMember(): Promise<string>;
  /** A post waiting for approval (or published), once moderation knows of it. */
  post(authorId: string, status?: 'pending' | 'approved'): Promise<string>;
  /**
   * Another moderation, started on a fresh store over a copy of the log as it is now, without any consumer group's
   * offsets: a console added to a running community.
   */
  rebuilt(): Promise<{ client: ServiceClient<ModerationDefinition>; stop(): Promise<void> }>;
  stop(): Promise<void>;
}

let posts = 0;

async function startOn(dir: string, events: SqliteEventLog) {
  const documents = await SqliteDocumentStore.open(dir);
  const service = await startModerationService({
    address: '127.0.0.1:0',
    serviceTokenSecret,
    documents,
    events,
    logger: createLogger('moderation-test', process.env.TEST_LOG_LEVEL ?? 'silent'),
  });
  const client = createGrpcClient(moderationDefinition(), service.address, { serviceTokenSecret, timeoutMs: 20_000 });
  return {
    client,
    service,
    async stop() {
      client.close();
      await service.stop();
      await documents.close();
    },
  };
}

export async function startModerationHarness(): Promise<ModerationHarness> {
  const dir = await mkdtemp(join(tmpdir(), 'tip-moderation-'));
  const events = await SqliteEventLog.open(dir, { retryDelayMs: 10 });
  const published: DeliveredEvent[] = [];
  await events.subscribe({
    group: 'test-observer',
    topics: [
      MODERATION_VERIFICATIONS_TOPIC,
      MODERATION_POSTS_TOPIC,
      MODERATION_REPORTS_TOPIC,
      MODERATION_FEEDBACK_TOPIC,
    ],
    handle: async (event) => void published.push(event),
  });
  const main = await startOn(join(dir, 'documents'), events);
  const extra: Array<() => Promise<void>> = [];
  const known = async (userId: string, status: string) =>
    (await main.client.PendingVerifications({})).items.some((item) => item.userId === userId) ===
    (status === 'pending');

  const harness: ModerationHarness = {
    client: main.client,
    service: main.service,
    events,
    published,
    async member(overrides = {}) {
      const profile = memberProfile(overrides);
      const registered = UserRegistered.create(profile.userId, { ...profile, method: 'password' }, 'test');
      const before = (await main.client.Stats({})).totalUsers;
      await events.publish(UserRegistered.topic, [registered]);
      await waitFor(async () => (await main.client.Stats({})).totalUsers > before, 5000, 'moderation hearing of it');
      await waitFor(() => known(profile.userId, profile.verificationStatus), 5000, 'its queue state');
      return profile.userId;
    },
    async waitingMember() {
      const userId = await harness.member({ verificationStatus: 'pending' });
      const submitted = VerificationSubmitted.create(userId, { userId, submittedAt: new Date().toISOString() }, 'test');
      await events.publish(VerificationSubmitted.topic, [submitted]);
      return userId;
    },
    async post(authorId, status = 'pending') {
      posts += 1;
      const postId = `post-${process.pid}-${posts}`;
      const created = PostCreated.create(
        postId,
        {
          postId,
          authorId,
          category: 'trending',
          status,
          isPremium: false,
          hasMedia: false,
          createdAt: new Date().toISOString(),
        },
        'test',
      );
      const before = (await main.client.Stats({})).totalPosts;
      await events.publish(PostCreated.topic, [created]);
      await waitFor(async () => (await main.client.Stats({})).totalPosts > before, 5000, 'moderation hearing of it');
      return postId;
    },
    async rebuilt() {
      const copy = await mkdtemp(join(dir, 'rebuilt-'));
      await copyEventsOnly(events, copy);
      const log = await SqliteEventLog.open(copy, { retryDelayMs: 10 });
      const other = await startOn(copy, log);
      extra.push(async () => {
        await other.stop();
        await log.close();
      });
      return other;
    },
    async stop() {
      for (const stop of extra) await stop();
      await main.stop();
      await events.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
  return harness;
}
