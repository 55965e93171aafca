import { DomainError, type Logger, type ServiceClient } from '@tip/platform';
import type { IdentityDefinition } from '@tip/identity/contract';
import type { Push } from './push.js';

/** How long a member whose last socket closed still counts as online: a reload or a short loss reconnects sooner. */
export const OFFLINE_AFTER_MS = 3_000;
/** How long a stopping BFF waits to record its members offline. */
const SETTLE_MS = 2_000;

export interface PresenceOptions {
  identity: Pick<ServiceClient<IdentityDefinition>, 'SetOnlineStatus'>;
  push: Push;
  logger: Logger;
  /** How many sockets the member holds open, on every replica (at least the count here, if that is not 0). */
  socketsOf(userId: string): Promise<number>;
  offlineAfterMs?: number;
}

/**
 * A member is online while one of their pages holds a socket (on any replica), and for OFFLINE_AFTER_MS after the
 * last one closed; the pages' online-status calls still count (an online report from a page whose socket is down, an
 * unload beacon). Identity keeps the status (GET /api/user/{id} reads it once) and answers whether a write changed
 * it; only then are the pages watching the member told (`presence_changed`, to their presence room). Each decision
 * is made again from the sockets that exist now, one at a time per member, so that a reload (a socket closing while
 * the next one opens) or a beacon racing its own socket's close ends on the truth.
 */
export class Presence {
  private readonly queues = new Map<string, Promise<void>>();
  private readonly pendingOffline = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly offlineAfterMs: number;
  private stopped = false;

  constructor(private readonly options: PresenceOptions) {
    this.offlineAfterMs = options.offlineAfterMs ?? OFFLINE_AFTER_MS;
  }

  /**
   * A socket of the member opened. `firstHere`: none of theirs was open on this replica; otherwise the member is
   * recorded online already (by that socket, and its closing has not been decided yet), so nothing is written.
   */
  connected(userId: string, firstHere = true): void {
    this.cancelOffline(userId);
    if (!firstHere) return;
    void this.enqueue(userId, () => this.reconcile(userId)).catch((error: unknown) => this.failed(userId, error));
  }

  /** A socket of the member closed: unless another is open by then, the member goes offline after the grace. */
  disconnected(userId: string): void {
    if (this.stopped) return;
    this.cancelOffline(userId);
    const timer = setTimeout(() => {
      this.pendingOffline.delete(userId);
      void this.enqueue(userId, () => this.reconcile(userId)).catch((error: unknown) => this.failed(userId, error));
    }, this.offlineAfterMs);
    timer.unref();
    this.pendingOffline.set(userId, timer);
  }

  /**
   * PATCH or POST /api/users/online-status. Online is taken as said (the page may be without its socket); offline
   * only once none of the member's sockets is left (a beacon from one tab leaves the others' online).
   */
  report(userId: string, isOnline: boolean): Promise<void> {
    if (isOnline) this.cancelOffline(userId);
    return this.enqueue(userId, () => (isOnline ? this.record(userId, true) : this.reconcile(userId)));
  }

  /** Stops deciding; members whose last socket closed meanwhile (as the BFF's own closed) are recorded offline now. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    const waiting = [...this.pendingOffline.keys()];
    for (const timer of this.pendingOffline.values()) clearTimeout(timer);
    this.pendingOffline.clear();
    const settled = Promise.allSettled([
      ...this.queues.values(),
      ...waiting.map((userId) => this.enqueue(userId, () => this.reconcile(userId), true)),
    ]);
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([settled, new Promise((resolve) => (timer = setTimeout(resolve, SETTLE_MS)))]);
    clearTimeout(timer);
  }

  private cancelOffline(userId: string) {
    clearTimeout(this.pendingOffline.get(userId));
    this.pendingOffline.delete(userId);
  }

  private async reconcile(userId: string) {
    await this.record(userId, (await this.options.socketsOf(userId)) > 0);
  }

  private async record(userId: string, isOnline: boolean) {
    const { changed } = await this.options.identity.SetOnlineStatus({ userId, isOnline });
    if (changed) this.options.push.toWatchers(userId, { type: 'presence_changed', userId, isOnline });
  }

  /** Runs `step` after the member's earlier ones (`evenStopped`: the last decisions a stop makes). */
  private enqueue(userId: string, step: () => Promise<void>, evenStopped = false): Promise<void> {
    if (this.stopped && !evenStopped) return Promise.resolve();
    const previous = this.queues.get(userId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(step);
    this.queues.set(userId, next);
    const forget = () => {
      if (this.queues.get(userId) === next) this.queues.delete(userId);
    };
    next.then(forget, forget);
    return next;
  }

  private failed(userId: string, error: unknown) {
    // A member deleted meanwhile has no presence left to record.
    if (error instanceof DomainError && error.code === 'NOT_FOUND') return;
    this.options.logger.warn({ err: error, userId }, 'could not record a presence change');
  }
}
