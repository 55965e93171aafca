import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createGrpcClient,
  generateServiceTokenSecret,
  createLogger,
  SqliteEventLog,
  messagingDefinition,
  MESSAGING_MESSAGES_TOPIC,
  SqliteDocumentStore,
  ProfileUpdated,
  type DeliveredEvent,
  type MessagingDefinition,
  type ServiceClient,
  type UserProfilePayload,
} from '@tip/platform';
import { memberProfile, waitFor } from '@tip/platform/testing';
import { startMessagingService, type RunningMessagingService } from '../service.js';

/** The secret the services check their callers' tokens against, as the BFF would hold it (SERVICE_TOKEN_SECRET). */
const serviceTokenSecret = generateServiceTokenSecret();

/** Messaging as the BFF sees it, for tests, with members made known the way identity does (its events). */
export interface MessagingHarness {
  client: ServiceClient<MessagingDefinition>;
  service: RunningMessagingService;
  documents: SqliteDocumentStore;
  events: SqliteEventLog;
  published: DeliveredEvent[];
  member(overrides?: Partial<UserProfilePayload>): Promise<string>;
  stop(): Promise<void>;
}

export async function startMessagingHarness(): Promise<MessagingHarness> {
  const dir = await mkdtemp(join(tmpdir(), 'tip-messaging-'));
  const documents = await SqliteDocumentStore.open(dir);
  const events = await SqliteEventLog.open(dir, { retryDelayMs: 10 });
  const published: DeliveredEvent[] = [];
  await events.subscribe({
    group: 'test-observer',
    topics: [MESSAGING_MESSAGES_TOPIC],
    handle: async (event) => void published.push(event),
  });
  const service = await startMessagingService({
    address: '127.0.0.1:0',
    serviceTokenSecret,
    documents,
    events,
    logger: createLogger('messaging-test', process.env.TEST_LOG_LEVEL ?? 'silent'),
  });
  const client = createGrpcClient(messagingDefinition(), service.address, { serviceTokenSecret, timeoutMs: 20_000 });
  const known = await documents.collection<{ _id: string; verificationStatus: string }>('members');
  return {
    client,
    service,
    documents,
    events,
    published,
    async member(overrides = {}) {
      const profile = memberProfile(overrides);
      await events.publish(ProfileUpdated.topic, [ProfileUpdated.create(profile.userId, profile, 'test')]);
      await waitFor(
        async () => (await known.findOne({ _id: profile.userId }))?.verificationStatus === profile.verificationStatus,
        5000,
        `messaging hearing of ${profile.userId}`,
      );
      return profile.userId;
    },
    async stop() {
      client.close();
      await service.stop();
      await events.close();
      await documents.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
