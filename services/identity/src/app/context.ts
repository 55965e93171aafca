import type { Logger } from '@tip/platform';
import type { AdminSecondFactorPolicy } from '../domain/index.js';
import type { RelyingParty } from '../second-factor-settings.js';
import type { BlockRepository } from '../infra/block-repository.js';
import type { MailQueue } from '../infra/mail-queue.js';
import type { MailTransport } from '../infra/mail-transport.js';
import type { PasskeyChallenges } from '../infra/passkey-challenges.js';
import type { PasswordHasher } from '../infra/password-hasher.js';
import type { PhotoStorage } from '../infra/photo-storage.js';
import type { SessionRepository } from '../infra/session-repository.js';
import type { UserRepository } from '../infra/user-repository.js';

/** What the use cases work with. */
export interface IdentityContext {
  users: UserRepository;
  blocks: BlockRepository;
  /** Where members are signed in, and the devices they signed in from. */
  sessions: SessionRepository;
  /** Mail is queued here and sent beside the request by the transport; its links start with publicUrl. */
  mail: { queue: MailQueue; transport: MailTransport; publicUrl: string };
  photos: PhotoStorage;
  passwords: PasswordHasher;
  /** Whether admins must have a second factor, and whom passkeys are registered with. */
  secondFactors: { adminPolicy: AdminSecondFactorPolicy; relyingParty: RelyingParty };
  /** Signs and checks passkey challenges (no write until the answer is taken). */
  passkeyChallenges: PasskeyChallenges;
  logger: Logger;
}

/** Per call: the request id, carried by the events the call causes. */
export interface CallInfo {
  correlationId: string;
}
