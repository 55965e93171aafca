/**
 * An admin's decision is stored by moderation and applied by identity or content, whose event then reaches every
 * replica. The request that made it waits here for that event (a key such as `verification:<user>:approved`), so
 * the admin's answer comes once the member's state has changed; after `timeoutMs` it answers anyway, the decision
 * being stored and bound to apply.
 */
export class AppliedDecisions {
  private readonly waiting = new Map<string, Set<() => void>>();

  constructor(private readonly timeoutMs = 5_000) {}

  /** Starts waiting (before the decision is sent, so that a fast event is not missed); `cancel` on failure. */
  expect(key: string): { applied: Promise<void>; cancel(): void } {
    let settle: () => void = () => {};
    const applied = new Promise<void>((resolve) => {
      const timer = setTimeout(() => settle(), this.timeoutMs);
      settle = () => {
        clearTimeout(timer);
        this.waiting.get(key)?.delete(settle);
        if (this.waiting.get(key)?.size === 0) this.waiting.delete(key);
        resolve();
      };
    });
    this.waiting.set(key, (this.waiting.get(key) ?? new Set()).add(settle));
    return { applied, cancel: settle };
  }

  /** The decision `key` took effect. */
  settle(key: string): void {
    for (const settle of [...(this.waiting.get(key) ?? [])]) settle();
  }
}

export const verificationApplied = (userId: string, status: string) => `verification:${userId}:${status}`;
export const postDecisionApplied = (postId: string, status: string) => `post:${postId}:${status}`;
