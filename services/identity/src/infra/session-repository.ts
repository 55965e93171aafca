import {
  DuplicateKeyError,
  OutboxRepository,
  outboxIndex,
  type Collection,
  type DocumentStore,
  type EventEnvelope,
  type IndexSpec,
  type OutboxDocument,
} from '@tip/platform';
import type { SessionDevice } from '../domain/session-device.js';

export const SESSIONS_COLLECTION = 'sessions';
export const SESSION_DEVICES_COLLECTION = 'session_devices';

/**
 * One session (one sign-in of one browser), its `_id` the id the BFF's token carries. An ended session stays until
 * its token would have expired, with `endedAt`, so that its SessionEnded still leaves and a late request is refused
 * by identity's data too; a session's start purges its member's expired ones.
 */
export interface SessionDocument extends OutboxDocument, SessionDevice {
  userId: string;
  firstSeenAt: string;
  lastSeenAt: string;
  expiresAt: string;
  endedAt?: string;
}

/** A device (deviceKey) a member has signed in from, for the new-device notice. */
interface SessionDeviceDocument {
  _id: string;
  userId: string;
  firstSeenAt: string;
}

const SESSION_INDEXES: IndexSpec[] = [{ fields: { userId: 1 } }, outboxIndex];
const DEVICE_INDEXES: IndexSpec[] = [{ fields: { userId: 1 } }];

/** Whether a sign-in's device was known: the member's first device, one seen before, or a new one besides others. */
export type DeviceFamiliarity = 'first' | 'known' | 'new';

/** Sessions and known devices on the documents port; a session's events leave from its document (the outbox). */
export class SessionRepository extends OutboxRepository<SessionDocument> {
  private constructor(
    sessions: Collection<SessionDocument>,
    private readonly devices: Collection<SessionDeviceDocument>,
  ) {
    super(sessions);
  }

  static async open(store: DocumentStore): Promise<SessionRepository> {
    const [sessions, devices] = await Promise.all([
      store.collection<SessionDocument>(SESSIONS_COLLECTION, SESSION_INDEXES),
      store.collection<SessionDeviceDocument>(SESSION_DEVICES_COLLECTION, DEVICE_INDEXES),
    ]);
    return new SessionRepository(sessions, devices);
  }

  /** Records that the member signed in from the device, and whether it was their first, a known or a new one. */
  async rememberDevice(userId: string, key: string, now: Date): Promise<DeviceFamiliarity> {
    try {
      await this.devices.insertOne({ _id: `${userId}|${key}`, userId, firstSeenAt: now.toISOString() });
    } catch (error) {
      if (error instanceof DuplicateKeyError) return 'known';
      throw error;
    }
    return (await this.devices.count({ userId })) > 1 ? 'new' : 'first';
  }

  async start(session: SessionDocument, events: EventEnvelope[]): Promise<void> {
    if (!(await this.insertWithEvents(session, events))) throw new Error(`session id ${session._id} taken`);
  }

  find(sessionId: string): Promise<SessionDocument | null> {
    return this.collection.findOne({ _id: sessionId });
  }

  /** The member's sessions not ended, oldest first (expired ones included until a start purges them). */
  live(userId: string): Promise<SessionDocument[]> {
    return this.collection.find({ userId, endedAt: { $exists: false } }, { sort: { firstSeenAt: 1 } });
  }

  /** Marks the session seen at `at`, unless another request did since `seen` was read. */
  async seen(session: SessionDocument, at: Date): Promise<void> {
    await this.collection.updateOne(
      { _id: session._id, lastSeenAt: session.lastSeenAt },
      { $set: { lastSeenAt: at.toISOString() } },
    );
  }

  /** Ends the session with its events; false when it had ended already. */
  async end(sessionId: string, at: Date, events: EventEnvelope[]): Promise<boolean> {
    const ended = await this.updateWithEvents(
      sessionId,
      { endedAt: { $exists: false } },
      { $set: { endedAt: at.toISOString() } },
      events,
    );
    return ended !== null;
  }

  /** Drops the member's sessions whose tokens have expired, with nothing left to publish. */
  async purgeExpired(userId: string, now: Date): Promise<void> {
    await this.collection.deleteMany({
      userId,
      expiresAt: { $lt: now.toISOString() },
      // An emptied outbox stays as []: what counts is that no event is left in it.
      '_outbox.id': { $exists: false },
    });
  }

  /** Everything of the member's sessions and devices (erasure). */
  async forget(userId: string): Promise<void> {
    await Promise.all([this.collection.deleteMany({ userId }), this.devices.deleteMany({ userId })]);
  }
}
