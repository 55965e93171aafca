import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  contentDefinition,
  createGrpcClient,
  generateServiceTokenSecret,
  createLogger,
  SqliteEventLog,
  FileObjectStore,
  SqliteDocumentStore,
  PostDecisionMade,
  ProfileUpdated,
  type ContentDefinition,
  type ServiceClient,
  type UserProfilePayload,
} from '@tip/platform';
import { memberProfile, waitFor } from '@tip/platform/testing';
import type { PostApproval } from '../app/context.js';
import { AUTHORS_COLLECTION } from '../infra/author-directory.js';
import { startContentService, type RunningContentService } from '../service.js';

/** The secret the services check their callers' tokens against, as the BFF would hold it (SERVICE_TOKEN_SECRET). */
const serviceTokenSecret = generateServiceTokenSecret();

/**
 * Content as the BFF sees it, for tests: the real service on 127.0.0.1:0 over the embedded adapters in a scratch
 * directory, a gRPC client, and members made the way identity makes them known (its events).
 */
export interface ContentHarness {
  client: ServiceClient<ContentDefinition>;
  service: RunningContentService;
  documents: SqliteDocumentStore;
  events: SqliteEventLog;
  objects: FileObjectStore;
  /** Makes a member known to content (approved, male, not premium unless told otherwise) and returns its id. */
  member(overrides?: Partial<UserProfilePayload> & { premium?: boolean }): Promise<string>;
  /** What moderation does when an admin decides a waiting post (PostDecisionMade); resolves once content applied it. */
  decide(postId: string, status: 'approved' | 'rejected', reason?: string): Promise<void>;
  stop(): Promise<void>;
}

export async function startContentHarness(options: { approval?: PostApproval } = {}): Promise<ContentHarness> {
  const dir = await mkdtemp(join(tmpdir(), 'tip-content-'));
  const documents = await SqliteDocumentStore.open(dir);
  const events = await SqliteEventLog.open(dir, { retryDelayMs: 10 });
  const objects = await FileObjectStore.open(dir);
  const service = await startContentService({
    address: '127.0.0.1:0',
    serviceTokenSecret,
    documents,
    events,
    objects,
    logger: createLogger('content-test', process.env.TEST_LOG_LEVEL ?? 'silent'),
    approval: options.approval ?? 'immediate',
  });
  const client = createGrpcClient(contentDefinition(), service.address, { serviceTokenSecret, timeoutMs: 20_000 });
  const authors = await documents.collection<{ _id: string; verificationStatus: string }>(AUTHORS_COLLECTION);
  const posts = await documents.collection<{ _id: string; status: string }>('posts');

  return {
    client,
    service,
    documents,
    events,
    objects,
    async member({ premium = false, ...overrides } = {}) {
      const expiry = new Date(Date.now() + 30 * 86_400_000).toISOString();
      const profile = memberProfile({
        ...(premium && { premiumSubscriptionExpiry: expiry, premiumSource: 'admin_grant' as const }),
        ...overrides,
      });
      const { userId } = profile;
      await events.publish(ProfileUpdated.topic, [ProfileUpdated.create(userId, profile, 'test')]);
      await waitFor(
        async () => (await authors.findOne({ _id: userId }))?.verificationStatus === profile.verificationStatus,
        5000,
        `content hearing of ${userId}`,
      );
      return userId;
    },
    async decide(postId, status, reason) {
      const decision = { postId, status, ...(reason ? { reason } : {}), adminId: 'moderator' };
      await events.publish(PostDecisionMade.topic, [PostDecisionMade.create(postId, decision, 'test')]);
      await waitFor(
        async () => (await posts.findOne({ _id: postId }))?.status === status,
        5000,
        `content applying the decision on ${postId}`,
      );
    },
    async stop() {
      client.close();
      await service.stop();
      await events.close();
      await documents.close();
      await objects.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
