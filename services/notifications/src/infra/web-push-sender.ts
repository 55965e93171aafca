import type { Agent } from 'node:https';
import webPush from 'web-push';
import type { Logger } from '@tip/platform';
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

/** sent; gone (404 or 410: the subscription ended); failed (anything else, logged). */
export type PushOutcome = 'sent' | 'gone' | 'failed';

/** How long a push service may keep one request open; a slow one costs this much of one of the sending slots. */
const SEND_TIMEOUT_MS = 10_000;
/** How long a push service keeps a notification for a device that is offline. */
const TIME_TO_LIVE_S = 24 * 60 * 60;
/** How long a VAPID signature is valid (push services take at most 24 hours); one is made anew an hour before. */
const SIGNATURE_LIFETIME_S = 12 * 60 * 60;
const SIGNATURE_RENEWED_BEFORE_S = 60 * 60;

/**
 * Sends payloads through the devices' push services with web-push (RFC 8291's encryption, VAPID's signature). A push
 * service that fails is logged once, until it takes a notification again: one that is down would otherwise log every
 * notification to every one of its devices.
 */
export class WebPushSender {
  private readonly failing = new Set<string>();
  /**
   * Each push service's Authorization header, signed once and used until an hour before it expires: web-push would
   * sign a new one (an ES256 signature) for every notification, a twentieth of a busy process's time.
   */
  private readonly signatures = new Map<string, { authorization: string; renewAtS: number }>();

  constructor(
    private readonly vapid: VapidDetails,
    private readonly logger: Logger,
    /** Only a local push service's stand-in (tests, benches) needs one: it trusts its certificate. */
    private readonly agent?: Agent,
  ) {}

  async send(subscription: PushSubscriptionDocument, payload: PushPayload, urgent: boolean): Promise<PushOutcome> {
    const pushService = new URL(subscription.endpoint).origin;
    try {
      await webPush.sendNotification(
        { endpoint: subscription.endpoint, keys: subscription.keys },
        JSON.stringify(payload),
        {
          headers: { Authorization: this.authorization(pushService) },
          TTL: TIME_TO_LIVE_S,
          urgency: urgent ? 'high' : 'normal',
          timeout: SEND_TIMEOUT_MS,
          ...(this.agent && { agent: this.agent }),
        },
      );
      if (this.failing.delete(pushService))
        this.logger.info({ pushService }, 'a push service takes notifications again');
      return 'sent';
    } catch (error) {
      const status = error instanceof webPush.WebPushError ? error.statusCode : undefined;
      if (status === 404 || status === 410) return 'gone';
      if (!this.failing.has(pushService)) {
        this.failing.add(pushService);
        this.logger.warn({ err: error, pushService, status }, 'a push service refused a notification');
      }
      return 'failed';
    }
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
