import {
  DomainError,
  DuplicateKeyError,
  OUTBOX_FIELD,
  outboxIndex,
  withEvents,
  type Collection,
  type DocumentStore,
  type EventEnvelope,
  type Filter,
  type IndexSpec,
  type EventsStored,
} from '@tip/platform';
import { ListCache } from './list-cache.js';
import { usernameSkeleton } from './username-skeleton.js';
import type { UserDocument } from './user-document.js';

export const USERS_COLLECTION = 'users';

/** Sparse: a Google account has no username before its setup, and a tombstone has neither username nor e-mail. */
const USER_INDEXES: IndexSpec[] = [
  { fields: { usernameLower: 1 }, unique: true, sparse: true },
  // Decides between two concurrent registrations of look-alike names, as usernameLower does for the same name.
  { fields: { usernameSkeleton: 1 }, unique: true, sparse: true },
  { fields: { email: 1 }, unique: true, sparse: true },
  { fields: { googleSubject: 1 }, unique: true, sparse: true },
  // A link's token finds its member by the token's hash.
  { fields: { 'emailConfirmation.tokenHash': 1 } },
  { fields: { 'passwordReset.tokenHash': 1 } },
  { fields: { isAdmin: 1 } },
  // The console's list, newest first: the page is read along this index instead of sorting every user.
  { fields: { createdAt: -1 } },
  outboxIndex,
];

/** Fields a transition does not set: the store and the repository maintain them. */
const MANAGED_FIELDS = new Set(['_id', OUTBOX_FIELD, 'revision', 'updatedAt']);
/** A transition computed from a revision that changed meanwhile is computed again, a few times at most. */
const MAX_ATTEMPTS = 5;

/** A change of one user: the whole document as it must become, and the events that say so. */
export interface Transition {
  next: UserDocument;
  events: EventEnvelope[];
}

/**
 * Users on the documents port. A write stores its events in the same document write (the outbox) and then wakes
 * the relay. Uniqueness is the indexes' job, so two racing registrations cannot both win: the loser's
 * DuplicateKeyError becomes the DomainError a prior check would have given. Updates are whole-state transitions
 * applied only to the revision they were computed from, so an event always describes the state actually stored.
 */
export class UserRepository {
  private eventsStored: EventsStored = () => {};
  /**
   * The console's totals and which users each of its pages lists, read again after a user is written here, or
   * elsewhere once its event arrives (followUserWritesForLists, where the service is given a lists group).
   * Presence (setPresence) and the skeletons' backfill leave them: no list filters or sorts on those fields. Without
   * that group, another identity replica's writes show within the TTL.
   */
  private readonly counts = new ListCache((filter: Filter) => this.collection.count(filter));
  private readonly pages = new ListCache(
    async ({ filter, skip, limit }: { filter: Filter; skip: number; limit: number }) =>
      (await this.collection.find(filter, { sort: { createdAt: -1 }, skip, limit })).map((user) => user._id),
  );

  private constructor(readonly collection: Collection<UserDocument>) {}

  static async open(store: DocumentStore): Promise<UserRepository> {
    return new UserRepository(await store.collection<UserDocument>(USERS_COLLECTION, USER_INDEXES));
  }

  /** Who to wake after a write that stored events (the outbox relay), with the user whose document holds them. */
  onEventsStored(notify: EventsStored): void {
    this.eventsStored = notify;
  }

  findById(id: string): Promise<UserDocument | null> {
    return this.collection.findOne({ _id: id, deleted: { $ne: true } });
  }

  /** The live user, or NOT_FOUND. */
  async get(id: string): Promise<UserDocument> {
    const user = await this.findById(id);
    if (!user) throw new DomainError('NOT_FOUND', 'identity.userNotFound');
    return user;
  }

  /** The live users among `ids`; deleted and unknown ones are left out. */
  findManyById(ids: readonly string[]): Promise<UserDocument[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.collection.find({ _id: { $in: [...ids] }, deleted: { $ne: true } });
  }

  findByEmail(email: string): Promise<UserDocument | null> {
    return this.collection.findOne({ email, deleted: { $ne: true } });
  }

  /** The live member whose pending confirmation or reset (`kind`) has this token hash. */
  findByTokenHash(kind: 'emailConfirmation' | 'passwordReset', tokenHash: string): Promise<UserDocument | null> {
    return this.collection.findOne({ [`${kind}.tokenHash`]: tokenHash, deleted: { $ne: true } });
  }

  findByGoogleSubject(subject: string): Promise<UserDocument | null> {
    return this.collection.findOne({ googleSubject: subject, deleted: { $ne: true } });
  }

  /**
   * Whether a user other than `exceptId` holds the name under another case or form ('taken'), or one that looks like
   * it ('lookalike'). Tombstones hold neither key.
   */
  async usernameConflict(
    keys: { usernameLower: string; usernameSkeleton: string },
    exceptId?: string,
  ): Promise<'taken' | 'lookalike' | null> {
    const other = (holder: UserDocument | null) => holder !== null && holder._id !== exceptId;
    if (other(await this.collection.findOne({ usernameLower: keys.usernameLower }))) return 'taken';
    if (other(await this.collection.findOne({ usernameSkeleton: keys.usernameSkeleton }))) return 'lookalike';
    return null;
  }

  /**
   * Gives users stored before skeletons existed theirs, oldest first, without a revision (a concurrent transition
   * keeps it). Two such members whose names already looked alike both keep their names: the older one holds the
   * skeleton, which is all the check needs. Returns those left without one.
   */
  async addMissingSkeletons(): Promise<string[]> {
    const missing = await this.collection.find(
      { usernameLower: { $exists: true }, usernameSkeleton: { $exists: false } },
      { sort: { createdAt: 1 } },
    );
    const lookalikes: string[] = [];
    for (const user of missing) {
      if (user.username === undefined) continue;
      try {
        await this.collection.updateOne(
          { _id: user._id, usernameSkeleton: { $exists: false } },
          { $set: { usernameSkeleton: usernameSkeleton(user.username) } },
        );
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
        lookalikes.push(user._id);
      }
    }
    return lookalikes;
  }

  async emailTaken(email: string): Promise<boolean> {
    return (await this.collection.findOne({ email })) !== null;
  }

  async anyAdmin(): Promise<boolean> {
    return (await this.collection.count({ isAdmin: true, deleted: { $ne: true } })) > 0;
  }

  /**
   * Presence changes often and concerns no other field, so it is written apart from transitions (without a revision
   * bump, which would make a concurrent profile change compute again). Answers whether it changed, or 'missing' when
   * the user does not exist.
   */
  async setPresence(id: string, isOnline: boolean): Promise<'changed' | 'unchanged' | 'missing'> {
    const updated = await this.collection.updateOne(
      { _id: id, deleted: { $ne: true }, isOnline: { $ne: isOnline } },
      { $set: { isOnline, lastSeenAt: new Date().toISOString() } },
    );
    if (updated) return 'changed';
    return (await this.findById(id)) ? 'unchanged' : 'missing';
  }

  /** How many users match (the console's total for a list, filter or search), kept between writes. */
  countMatching(filter: Filter): Promise<number> {
    return this.counts.get(filter);
  }

  /**
   * One page of the users that match, newest first: which users, kept between writes (a page far down the list or
   * a search reads every matching user), each read as it is now.
   */
  async pageMatching(filter: Filter, skip: number, limit: number): Promise<UserDocument[]> {
    const ids = await this.pages.get({ filter, skip, limit });
    const users = new Map((await this.findManyById(ids)).map((user) => [user._id, user]));
    return ids.flatMap((id) => users.get(id) ?? []);
  }

  /** A user was written: every list may show it elsewhere, or no longer. */
  listsChanged(): void {
    this.counts.changed();
    this.pages.changed();
  }

  /** Whether `id` names an account that was deleted (its tombstone), as opposed to one that never existed. */
  async wasDeleted(id: string): Promise<boolean> {
    return (await this.collection.count({ _id: id, deleted: true })) > 0;
  }

  async insert(doc: UserDocument, events: EventEnvelope[]): Promise<void> {
    try {
      await this.collection.insertOne({ ...doc, [OUTBOX_FIELD]: events });
    } catch (error) {
      throw error instanceof DuplicateKeyError ? await this.takenError(error, doc) : error;
    }
    this.listsChanged();
    if (events.length > 0) this.eventsStored(doc._id, events);
  }

  /**
   * Which unique field a duplicate hit, said the way the user must hear it. A store names one violated index, the
   * first it checked: a name another member holds violates the skeleton's index too, and is said to be taken.
   */
  private async takenError(error: DuplicateKeyError, user: UserDocument): Promise<DomainError> {
    const taken = new DomainError('ALREADY_EXISTS', 'identity.usernameTaken');
    if (error.fields.includes('usernameLower')) return taken;
    if (error.fields.includes('usernameSkeleton')) {
      const sameName =
        user.usernameLower !== undefined &&
        (await this.collection.findOne({ usernameLower: user.usernameLower, _id: { $ne: user._id } })) !== null;
      return sameName ? taken : new DomainError('ALREADY_EXISTS', 'identity.usernameLookalike');
    }
    if (error.fields.includes('email')) return new DomainError('ALREADY_EXISTS', 'identity.emailTaken');
    if (error.fields.includes('googleSubject')) {
      return new DomainError('ALREADY_EXISTS', 'identity.googleAlreadyRegistered');
    }
    return new DomainError('ALREADY_EXISTS', 'errors.invalidInput');
  }

  /**
   * Reads the live user, lets `transition` compute its next state and events, and stores both if nobody wrote the
   * user meanwhile (else computes again). Throws NOT_FOUND for a missing or deleted user, and whatever the
   * transition throws.
   */
  async modify(
    id: string,
    transition: (current: UserDocument) => Transition | Promise<Transition>,
  ): Promise<UserDocument> {
    for (let attempt = 1; ; attempt += 1) {
      const current = await this.get(id);
      const { next, events } = await transition(current);
      const { $set, $unset } = diff(current, next);
      const update = withEvents(
        {
          $set: { ...$set, updatedAt: new Date().toISOString() },
          ...(Object.keys($unset).length > 0 ? { $unset } : {}),
          $inc: { revision: 1 },
        },
        events,
      );
      let stored: UserDocument | null;
      try {
        stored = await this.collection.updateOne({ _id: id, revision: current.revision }, update);
      } catch (error) {
        throw error instanceof DuplicateKeyError ? await this.takenError(error, next) : error;
      }
      if (stored) {
        this.listsChanged();
        if (events.length > 0) this.eventsStored(id, events);
        return stored;
      }
      if (attempt >= MAX_ATTEMPTS) throw new DomainError('UNAVAILABLE', 'errors.unavailable');
    }
  }
}

/** The $set and $unset that turn `current` into `next`. */
function diff(
  current: UserDocument,
  next: UserDocument,
): { $set: Record<string, unknown>; $unset: Record<string, true> } {
  const $set: Record<string, unknown> = {};
  const $unset: Record<string, true> = {};
  const before = current as unknown as Record<string, unknown>;
  const after = next as unknown as Record<string, unknown>;
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (MANAGED_FIELDS.has(field)) continue;
    if (after[field] === undefined) {
      if (before[field] !== undefined) $unset[field] = true;
    } else if (!sameValue(before[field], after[field])) {
      $set[field] = after[field];
    }
  }
  return { $set, $unset };
}

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}
