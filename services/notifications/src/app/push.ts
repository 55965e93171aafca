import pLimit from 'p-limit';
import { isQuiet, notificationLink, notificationText, wantsPush, type NotificationKind } from '../domain/index.js';
import type { NotificationDocument } from '../infra/notification-store.js';
import type { PushSubscriptionDocument } from '../infra/push-subscriptions.js';
import type { PushPayload } from '../infra/web-push-sender.js';
import type { DeviceNotifier, NotificationsContext } from './context.js';
import { notificationFacts, shownActor } from './views.js';

/** What sending needs: everything but the pushes themselves. */
type PushingContext = Omit<NotificationsContext, 'pushes'>;

/** How many entries go to their devices at once: a slow push service holds no more than these. */
const SENDING_AT_ONCE = 16;
/** How many entries may wait for a sending slot; past them a push is dropped (and logged once) rather than kept. */
const QUEUED_AT_MOST = 10_000;

/**
 * Tells the member's devices of their entries, outside the event handlers: a handler only leaves the entry here, and
 * sending (the push services' round trips, a preview asked of messaging) happens after, a few at a time, so a push
 * service that is slow or down never stalls the consumer, and a failure is logged, never thrown back at the event.
 *
 * A message's entry waits `holdMs` first, and goes nowhere if it was read meanwhile (the member had the thread open:
 * their page reads it); an entry that gathers more while waiting is sent once, as it is then (its latest message).
 * What is sent is decided when it is sent: the entry as it is, the member's preferences and quiet hours, their
 * devices. What waits is in memory: a process that dies drops it; a clean stop waits for it (a hold at most, then the
 * sends).
 */
export class DevicePushes implements DeviceNotifier {
  private readonly waiting = new Map<string, string>();
  private readonly sending = pLimit(SENDING_AT_ONCE);
  private readonly inFlight = new Set<Promise<void>>();
  private overflowLogged = false;

  constructor(
    private readonly context: PushingContext,
    private readonly holdMs: number,
  ) {}

  /** The member's entry `entryId` was made or gathered an event that their devices want (wantsPush). */
  tell(userId: string, entryId: string, kind: NotificationKind): void {
    if (this.waiting.has(entryId)) return;
    this.waiting.set(entryId, userId);
    setTimeout(() => this.send(entryId), kind === 'message_received' ? this.holdMs : 0);
  }

  /** Resolves once nothing waits and nothing is being sent (a clean stop; tests). */
  async idle(): Promise<void> {
    while (this.waiting.size > 0 || this.inFlight.size > 0) {
      await Promise.all(this.inFlight);
      if (this.inFlight.size === 0 && this.waiting.size > 0) await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  private send(entryId: string) {
    const userId = this.waiting.get(entryId);
    if (!userId) return;
    if (this.sending.pendingCount >= QUEUED_AT_MOST) {
      this.waiting.delete(entryId);
      if (!this.overflowLogged)
        this.context.logger.warn({ queued: QUEUED_AT_MOST }, 'device pushes dropped: too many wait');
      this.overflowLogged = true;
      return;
    }
    const sent = this.sending(async () => {
      this.waiting.delete(entryId);
      try {
        await deliver(this.context, userId, entryId);
      } catch (error) {
        this.context.logger.warn({ err: error, userId }, 'could not tell the devices of a notification');
      }
    });
    this.inFlight.add(sent);
    void sent.finally(() => this.inFlight.delete(sent));
  }
}

/** Sends the member's entry to each of their devices, if they still want it now; ends the subscriptions gone. */
async function deliver(context: PushingContext, userId: string, entryId: string) {
  const entry = await context.entries.get(entryId);
  if (!entry || entry.read) return;
  const preferences = await context.preferences.of(userId);
  if (!wantsPush(preferences, entry.kind) || isQuiet(preferences.quietHours, new Date())) return;
  const devices = await context.subscriptions.ofMember(userId);
  if (devices.length === 0) return;
  // The conversation's latest message to the member: what the entry was last told of.
  const preview =
    preferences.previews && entry.kind === 'message_received' ? await context.previews(entry.subject, userId) : null;
  const payloadIn = await payloads(context, entry, preview);
  await Promise.all(
    devices.map(async (device) => {
      const outcome = await context.sender.send(device, payloadIn(device), entry.kind === 'message_received');
      if (outcome === 'gone') await context.subscriptions.remove(device.endpoint);
    }),
  );
}

/** What each device shows of the entry, in its language: the sentence, a rejection's reasons or a preview, the link. */
async function payloads(context: PushingContext, entry: NotificationDocument, preview: string | null) {
  const actor = shownActor(entry);
  const facts = notificationFacts(entry, await context.members.getMany(actor ? [actor] : []));
  const url = notificationLink(facts);
  return (device: PushSubscriptionDocument): PushPayload => {
    const { text, reason } = notificationText(facts, context.texts(device.language));
    return { id: entry._id, kind: entry.kind, title: text, body: preview ?? reason ?? '', url, tag: entry._id };
  };
}
