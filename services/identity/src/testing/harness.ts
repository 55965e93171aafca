import { type DeliveredEvent } from '@tip/platform';
import {
  identityDefinition,
  IDENTITY_SESSIONS_TOPIC,
  IDENTITY_USERS_TOPIC,
  type IdentityDefinition,
  type IdentityRegisterRequest,
  type IdentityUserOutput,
} from '../contract/index.js';
import { startServiceHarness, type ServiceHarness } from '@tip/platform/testing';
import { startIdentityService, type IdentityServiceOptions, type RunningIdentityService } from '../service.js';
import type { UserDocument } from '../infra/user-document.js';
import { USERS_COLLECTION } from '../infra/user-repository.js';
import { capturedMail, type CapturedMail } from './captured-mail.js';
import { jpegPhoto } from './images.js';

/** Identity as the BFF sees it, for tests, with a log of what it published on `identity.users` and `identity.sessions`. */
export interface IdentityHarness extends Omit<ServiceHarness<IdentityDefinition, RunningIdentityService>, 'restart'> {
  /** The stored document, tombstones included. */
  storedUser(id: string): Promise<UserDocument | null>;
  storedUserCount(): Promise<number>;
  /** Stops the service and closes the engines, then opens them again on the same data and starts anew. */
  restart(admin?: IdentityServiceOptions['admin']): Promise<void>;
  /** The mail identity sent. */
  mail: CapturedMail;
}

export async function startIdentityHarness(
  options: Pick<IdentityServiceOptions, 'admin' | 'adminSecondFactor'> = {},
): Promise<IdentityHarness> {
  let admin = options.admin;
  const mail = capturedMail();
  const harness = await startServiceHarness({
    name: 'identity',
    definition: identityDefinition(),
    watch: [IDENTITY_USERS_TOPIC, IDENTITY_SESSIONS_TOPIC],
    start: (runtime) => startIdentityService({ ...runtime, admin, mail, adminSecondFactor: options.adminSecondFactor }),
  });
  const restart = harness.restart;
  const users = () => harness.documents.collection<UserDocument>(USERS_COLLECTION);
  return Object.assign(harness, {
    mail,
    storedUser: async (id: string) => (await users()).findOne({ _id: id }),
    storedUserCount: async () => (await users()).count({}),
    async restart(nextAdmin?: IdentityServiceOptions['admin']) {
      admin = nextAdmin;
      await restart();
    },
  });
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
