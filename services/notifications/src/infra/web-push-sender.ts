import { setTimeout as delay } from 'node:timers/promises';
import pLimit from 'p-limit';
import webPush from 'web-push';
import type { Logger } from '@tip/platform';
import { isPushServiceEndpoint, retryWaitMs } from '../domain/index.js';
import { RefusedPushAddress, type PushServiceAgent } from './push-service-agent.js';
import type { PushSubscriptionDocument } from './push-subscriptions.js';
import type { VapidDetails } from './vapid-keys.js';

/** What a device shows (the service worker reads it): the entry, its sentence, where it leads, and its tag. */
export interface PushPayload {
  id: string;
  kind: string;
  title: string;
  body: string;
  url: string;
  /** The entry's id: a gathered entry's notification replaces the one the device showed of it before. */
  tag: string;
}

/** sent; gone (404 or 410: the subscription ended); failed (anything else, after its tries; logged). */
export type PushOutcome = 'sent' | 'gone' | 'failed';

/** How long a push service may keep one request open; a slow one costs this much of one of the sending slots. */
const SEND_TIMEOUT_MS = 10_000;
/** Requests to push services open at once, whatever their entries and devices. */
const REQUESTS_AT_ONCE = 16;
/**
 * One limit for the whole process: every push to every device waits for one of its slots, so however many entries
 * and devices are sent at once, the process opens at most this many connections to push services.
 */
const outbound = pLimit(REQUESTS_AT_ONCE);

/** How many requests to push services are open, and how many wait for a slot (tests). */
export const outboundRequests = () => ({ open: outbound.activeCount, waiting: outbound.pendingCount });
/** How long a push service keeps a notification for a device that is offline. */
const TIME_TO_LIVE_S = 24 * 60 * 60;
/** How long a VAPID signature is valid (push services take at most 24 hours); one is made anew an hour before. */
const SIGNATURE_LIFETIME_S = 12 * 60 * 60;
const SIGNATURE_RENEWED_BEFORE_S = 60 * 60;

/**
 * Sends payloads through the devices' push services with web-push (RFC 8291's encryption, VAPID's signature), over
 * `agent`, which connects only to public addresses, and only to endpoints on the push services' list (a subscription
 * stored before the list was narrowed is not sent to). A push that fails for a moment (domain/push-retries) is tried
 * again, holding none of the REQUESTS_AT_ONCE slots while it waits. A push service that fails is logged once, until it takes a
 * notification again: one that is down would otherwise log every notification to every one of its devices.
 */
export class WebPushSender {
  private readonly failing = new Set<string>();
  /**
   * Each push service's Authorization header, signed once and used until an hour before it expires: web-push would
   * sign a new one (an ES256 signature) for every notification, a twentieth of a busy process's time.
   */
  private readonly signatures = new Map<string, { authorization: string; renewAtS: number }>();

  private readonly vapid: VapidDetails;
  private readonly logger: Logger;
  private readonly agent: PushServiceAgent;
  private readonly pushServiceHosts: readonly string[];
  private readonly firstRetryWaitMs: number;

  constructor(options: {
    vapid: VapidDetails;
    logger: Logger;
    agent: PushServiceAgent;
    /** The push services' hosts an endpoint must name (PUSH_SERVICE_HOSTS). */
    pushServiceHosts: readonly string[];
    /** The wait before a push that failed for a moment is tried again (domain/push-retries); 1 s by default. */
    firstRetryWaitMs?: number;
  }) {
    ({ vapid: this.vapid, logger: this.logger, agent: this.agent, pushServiceHosts: this.pushServiceHosts } = options);
    this.firstRetryWaitMs = options.firstRetryWaitMs ?? 1000;
  }

  async send(subscription: PushSubscriptionDocument, payload: PushPayload, urgent: boolean): Promise<PushOutcome> {
    const pushService = new URL(subscription.endpoint).origin;
    if (!isPushServiceEndpoint(subscription.endpoint, this.pushServiceHosts)) {
      this.failedOnce(pushService, 'a device names no known push service: nothing was sent there');
      return 'failed';
    }
    for (let attempt = 1; ; attempt++) {
      const error = await outbound(() => this.post(subscription, payload, urgent, pushService));
      if (error === undefined) {
        if (this.failing.delete(pushService))
          this.logger.info({ pushService }, 'a push service takes notifications again');
        return 'sent';
      }
      if (error instanceof RefusedPushAddress) {
        this.failedOnce(pushService, error.message);
        return 'failed';
      }
      const answer = error instanceof webPush.WebPushError ? error : undefined;
      const status = answer?.statusCode;
      if (status === 404 || status === 410) return 'gone';
      const retryAfter = answer?.headers['retry-after'];
      // A push service known to be failing gets one try a push: while it is down, waits to try again would hold the
      // entries' sending slots (DevicePushes), which every other member's pushes need.
      const wait = this.failing.has(pushService)
        ? null
        : retryWaitMs(attempt, { status, retryAfter }, this.firstRetryWaitMs);
      if (wait === null) {
        this.failedOnce(pushService, 'a push service refused a notification', {
          err: error,
          status,
          attempts: attempt,
        });
        return 'failed';
      }
      await delay(wait);
    }
  }

  /** One try: the error it ended with, or undefined when the push service took the push. */
  private async post(
    subscription: PushSubscriptionDocument,
    payload: PushPayload,
    urgent: boolean,
    pushService: string,
  ): Promise<unknown> {
    try {
      await webPush.sendNotification(
        { endpoint: subscription.endpoint, keys: subscription.keys },
        JSON.stringify(payload),
        {
          headers: { Authorization: this.authorization(pushService) },
          TTL: TIME_TO_LIVE_S,
          urgency: urgent ? 'high' : 'normal',
          timeout: SEND_TIMEOUT_MS,
          agent: this.agent,
        },
      );
      return undefined;
    } catch (error) {
      return error;
    }
  }

  /** Closes the connections kept to push services (the service stops). */
  close(): void {
    this.agent.destroy();
  }

  /** Logs a push service's failure, once until it takes a notification again. */
  private failedOnce(pushService: string, message: string, details: Record<string, unknown> = {}) {
    if (this.failing.has(pushService)) return;
    this.failing.add(pushService);
    this.logger.warn({ pushService, ...details }, message);
  }

  /** The VAPID Authorization header for the push service at `audience` (its origin). */
  private authorization(audience: string): string {
    const nowS = Math.floor(Date.now() / 1000);
    const kept = this.signatures.get(audience);
    if (kept && nowS < kept.renewAtS) return kept.authorization;
    const expiresAtS = nowS + SIGNATURE_LIFETIME_S;
    const { subject, publicKey, privateKey } = this.vapid;
    const { Authorization } = webPush.getVapidHeaders(
      audience,
      subject,
      publicKey,
      privateKey,
      'aes128gcm',
      expiresAtS,
    );
    this.signatures.set(audience, { authorization: Authorization, renewAtS: expiresAtS - SIGNATURE_RENEWED_BEFORE_S });
    return Authorization;
  }
}
