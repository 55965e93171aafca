import {
  createGrpcClient,
  generateServiceTokenSecret,
  createLogger,
  SqliteEventLog,
  FileObjectStore,
  identityDefinition,
  IDENTITY_USERS_TOPIC,
  SqliteDocumentStore,
  type DeliveredEvent,
  type IdentityDefinition,
  type IdentityRegisterRequest,
  type IdentityUserOutput,
  type ServiceClient,
} from '@tip/platform';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startIdentityService, type IdentityServiceOptions, type RunningIdentityService } from '../service.js';
import type { UserDocument } from '../infra/user-document.js';
import { USERS_COLLECTION } from '../infra/user-repository.js';
import { jpegPhoto } from './images.js';

/** The secret the services check their callers' tokens against, as the BFF would hold it (SERVICE_TOKEN_SECRET). */
const serviceTokenSecret = generateServiceTokenSecret();

/**
 * Identity as the BFF sees it, for tests: the real service on 127.0.0.1:0 over the embedded adapters in a scratch
 * directory, a gRPC client, and a log of what it published on `identity.users`.
 */
export interface IdentityHarness {
  client: ServiceClient<IdentityDefinition>;
  service: RunningIdentityService;
  dir: string;
  documents: SqliteDocumentStore;
  events: SqliteEventLog;
  objects: FileObjectStore;
  published: DeliveredEvent[];
  /** The stored document, tombstones included. */
  storedUser(id: string): Promise<UserDocument | null>;
  storedUserCount(): Promise<number>;
  /** Stops the service and closes the adapters, then opens them again on the same data and starts anew. */
  restart(admin?: IdentityServiceOptions['admin']): Promise<void>;
  stop(): Promise<void>;
}

export async function startIdentityHarness(
  options: { admin?: IdentityServiceOptions['admin'] } = {},
): Promise<IdentityHarness> {
  const dir = await mkdtemp(join(tmpdir(), 'tip-identity-'));
  const harness = { dir, published: [] as DeliveredEvent[] } as IdentityHarness;

  async function start(admin: IdentityServiceOptions['admin']) {
    harness.documents = await SqliteDocumentStore.open(dir);
    harness.events = await SqliteEventLog.open(dir, { retryDelayMs: 10 });
    harness.objects = await FileObjectStore.open(dir);
    harness.published.splice(0);
    await harness.events.subscribe({
      group: 'test-observer',
      topics: [IDENTITY_USERS_TOPIC],
      handle: async (event) => void harness.published.push(event),
    });
    harness.service = await startIdentityService({
      address: '127.0.0.1:0',
      serviceTokenSecret,
      documents: harness.documents,
      events: harness.events,
      objects: harness.objects,
      logger: createLogger('identity-test', 'silent'),
      admin,
    });
    harness.client = createGrpcClient(identityDefinition(), harness.service.address, {
      serviceTokenSecret,
      timeoutMs: 20_000,
    });
  }

  async function stopRunning() {
    harness.client.close();
    await harness.service.stop();
    await harness.events.close();
    await harness.documents.close();
    await harness.objects.close();
  }

  const users = async () => harness.documents.collection<UserDocument>(USERS_COLLECTION);
  harness.storedUser = async (id) => (await users()).findOne({ _id: id });
  harness.storedUserCount = async () => (await users()).count({});
  harness.restart = async (admin) => {
    await stopRunning();
    await start(admin);
  };
  harness.stop = async () => {
    await stopRunning();
    await rm(dir, { recursive: true, force: true });
  };

  await start(options.admin);
  return harness;
}

/** Events of one user, as `type` strings, in the order published. */
export function eventTypes(published: DeliveredEvent[], userId: string): string[] {
  return published.filter((event) => event.key === userId).map((event) => event.type);
}

let members = 0;

/** Registers a member with valid data (a fresh username and e-mail unless given) and returns it. */
export async function registerMember(
  harness: IdentityHarness,
  overrides: Partial<IdentityRegisterRequest> = {},
): Promise<IdentityUserOutput> {
  members += 1;
  return harness.client.Register({
    username: `member${members}`,
    email: `member${members}@example.it`,
    password: 'segreto1',
    confirmPassword: 'segreto1',
    gender: 'male',
    orientation: 'etero',
    verificationPhoto: { content: await jpegPhoto(), fileName: 'photo.jpg' },
    ...overrides,
  });
}
