import { DomainError } from '@tip/platform';
import type { IdentityUserOutput } from '@tip/identity/contract';

/** A user as identity's GetUser answers it, for unit tests that stop at the BFF's edge. */
export function identityUser(id: string, overrides: Partial<IdentityUserOutput> = {}): IdentityUserOutput {
  return {
    id,
    username: `user-${id}`,
    firstName: '',
    lastName: '',
    email: `${id}@example.it`,
    profileImageUrl: '',
    bio: '',
    region: '',
    city: '',
    gender: 'male',
    orientation: 'etero',
    telegramUsername: '',
    verificationStatus: 'pending',
    verificationNotes: '',
    verificationImageUrl: '',
    isAdmin: false,
    isTester: false,
    isOnline: false,
    createdAt: '2024-01-01T00:00:00.000Z',
    needsProfileSetup: false,
    isPremium: false,
    premiumSubscriptionExpiry: '',
    premiumSource: '',
    emailConfirmed: false,
    sessionGeneration: 0,
    secondFactor: false,
    secondFactorDueAt: '',
    pendingEmail: '',
    ...overrides,
  };
}

/**
 * Identity's GetUser and session records over an in-memory directory, counting calls: the outside edge of the BFF's
 * unit tests (the HTTP tests run against the real identity service).
 */
export class IdentityDirectory {
  readonly users = new Map<string, IdentityUserOutput>();
  calls = 0;
  /** Resolves pending lookups when set, to hold them in flight. */
  gate: Promise<void> | undefined;

  GetUser = async ({ userId }: { userId?: string }): Promise<IdentityUserOutput> => {
    this.calls++;
    await this.gate;
    const user = this.users.get(userId ?? '');
    if (!user) throw new DomainError('NOT_FOUND', 'identity.userNotFound');
    return structuredClone(user);
  };

  /** Session records by id: whose, and whether live. */
  readonly sessions = new Map<string, { userId: string; live: boolean }>();
  touches = 0;

  StartSession = ({ userId }: { userId?: string }) => {
    const sessionId = `session-${this.sessions.size + 1}`;
    this.sessions.set(sessionId, { userId: userId ?? '', live: true });
    return Promise.resolve({ sessionId, newDevice: false });
  };

  TouchSession = ({ userId, sessionId }: { userId?: string; sessionId?: string }) => {
    this.touches++;
    const session = this.sessions.get(sessionId ?? '');
    return Promise.resolve({ live: session !== undefined && session.userId === userId && session.live });
  };

  EndSession = ({ userId, sessionId }: { userId?: string; sessionId?: string }) => {
    const session = this.sessions.get(sessionId ?? '');
    if (!session?.live || session.userId !== userId) {
      return Promise.reject(new DomainError('NOT_FOUND', 'identity.sessionNotFound'));
    }
    session.live = false;
    return Promise.resolve({});
  };
}
