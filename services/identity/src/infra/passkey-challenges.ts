import type { Collection, DocumentStore } from '@tip/platform';

interface ChallengeDocument {
  /** The challenge itself (base64url, 32 random bytes): what the browser's answer carries back. */
  _id: string;
  expiresAt: string;
}

/**
 * Challenges for signing in with a passkey alone, before anyone is known (a member's own challenges live with their
 * factors). Each is taken once, before it expires; expired ones are swept when a new one is stored.
 */
export class PasskeyChallenges {
  private constructor(private readonly collection: Collection<ChallengeDocument>) {}

  static async open(store: DocumentStore): Promise<PasskeyChallenges> {
    return new PasskeyChallenges(
      await store.collection<ChallengeDocument>('passkey_challenges', [{ fields: { expiresAt: 1 } }]),
    );
  }

  async issue(challenge: string, expiresAt: Date): Promise<void> {
    await this.collection.deleteMany({ expiresAt: { $lte: new Date().toISOString() } });
    await this.collection.insertOne({ _id: challenge, expiresAt: expiresAt.toISOString() });
  }

  /** Whether the challenge was issued and had not expired; either way it cannot be taken again. */
  take(challenge: string, now: Date): Promise<boolean> {
    return this.collection.deleteOne({ _id: challenge, expiresAt: { $gt: now.toISOString() } });
  }
}
