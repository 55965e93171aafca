import { randomUUID } from 'node:crypto';
import {
  counter,
  DomainError,
  DuplicateKeyError,
  OUTBOX_FIELD,
  outboxIndex,
  type Collection,
  type DocumentStore,
  type EventEnvelope,
  type IndexSpec,
  type EventsStored,
} from '@tip/platform';
import {
  assertSameRequest,
  EMPTY_HEAD,
  keyHash,
  nextEntry,
  type Entry,
  type EntryRequest,
  type Head,
} from '../domain/ledger.js';
import { KeyedLanes } from './keyed-lanes.js';

export const ENTRIES_COLLECTION = 'ledger_entries';
export const ACCOUNTS_COLLECTION = 'ledger_accounts';

const entriesWritten = counter('tip_ledger_entries_total', 'Ledger entries written, by kind', ['kind']);
const creditsMoved = counter('tip_ledger_credits_total', 'Credits moved by ledger entries, by kind and direction', [
  'kind',
  'direction',
]);

/** The business's figures: each entry written (not a replay) and the credits it moved. */
function countEntry(entry: Entry) {
  entriesWritten.inc({ kind: entry.kind });
  creditsMoved.inc({ kind: entry.kind, direction: entry.amount < 0 ? 'debit' : 'credit' }, Math.abs(entry.amount));
}

/**
 * An entry as stored: its id (`<account>:<sequence>`) is the document id, so the store's unique id index is the
 * unique (account, sequence) that decides between concurrent writers; `_outbox` carries its event until the relay
 * has published it.
 */
export interface EntryDocument extends Entry {
  _id: string;
  [OUTBOX_FIELD]?: EventEnvelope[];
}

/**
 * A member's account. Entries name the account, never the member, so that deleting the member (dropping `userId`
 * here) leaves a ledger that no longer says whose it was.
 */
export interface AccountDocument {
  _id: string;
  userId?: string;
  openedAt: string;
  closedAt?: string;
}

const ENTRY_INDEXES: IndexSpec[] = [
  // The key's hash includes the account: unique (account, idempotency key).
  { fields: { keyHash: 1 }, unique: true },
  // An account's head (its newest entry) and history are read newest first: one index seek, whatever its length.
  { fields: { accountId: 1, sequence: -1 } },
  outboxIndex,
];
const ACCOUNT_INDEXES: IndexSpec[] = [{ fields: { userId: 1 }, unique: true, sparse: true }];

/** Another process keeps winning the race for this account's next sequence: give up rather than spin. */
const MAX_ATTEMPTS = 50;
/** Open accounts kept in memory, most recently opened or found last. */
const REMEMBERED_ACCOUNTS = 100_000;

/** What an append wrote, or found written by an earlier call with the same idempotency key. */
export interface Appended {
  entry: Entry;
  replayed: boolean;
}

/** A request whose amount depends on the balance (a forfeit takes whatever is left); its key alone identifies it. */
export interface ComputedRequest {
  idempotencyKey: string;
  compute(head: Head): EntryRequest;
}
export type AppendRequest = EntryRequest | ComputedRequest;

const isComputed = (request: AppendRequest): request is ComputedRequest => 'compute' in request;

/**
 * The append-only ledger on the documents port. An append computes the next entry from the account's head and
 * inserts it; unique (account, sequence) lets only one of two concurrent writers have a sequence number, and the
 * loser computes again on the new head, so a balance can never be spent twice. Unique (account, idempotency key)
 * makes a retried request find its first result. The entry's event goes into the same insert (the outbox).
 * Entries are never updated; the relay only clears their `_outbox` once the event is out.
 */
export class LedgerStore {
  private readonly lanes = new KeyedLanes();
  /** The last head this process wrote or read, per account: the next append's first guess. */
  private readonly heads = new Map<string, Head>();
  /** Open accounts by member. */
  private readonly openAccounts = new Map<string, AccountDocument>();
  private eventsStored: EventsStored = () => {};

  private constructor(
    readonly entries: Collection<EntryDocument>,
    readonly accounts: Collection<AccountDocument>,
  ) {}

  static async open(store: DocumentStore): Promise<LedgerStore> {
    const [entries, accounts] = await Promise.all([
      store.collection<EntryDocument>(ENTRIES_COLLECTION, ENTRY_INDEXES),
      store.collection<AccountDocument>(ACCOUNTS_COLLECTION, ACCOUNT_INDEXES),
    ]);
    return new LedgerStore(entries, accounts);
  }

  /** Who to wake after an append stored an event (the outbox relay), with the entry that holds it. */
  onEventsStored(notify: EventsStored): void {
    this.eventsStored = notify;
  }

  /**
   * The member's open account, or null when it has none (it never received credits, or was deleted). Accounts are
   * remembered: an account never changes but by closing, and a closed account has a zero balance that refuses every
   * debit even where another replica still remembers it.
   */
  async findAccount(userId: string): Promise<AccountDocument | null> {
    const remembered = this.openAccounts.get(userId);
    if (remembered) return remembered;
    const found = await this.accounts.findOne({ userId });
    if (found) this.remember(userId, found);
    return found;
  }

  /** The open accounts of these members, by member, in one read for those not remembered (as findAccount). */
  async findAccounts(userIds: readonly string[]): Promise<Map<string, AccountDocument>> {
    const found = new Map<string, AccountDocument>();
    const unknown: string[] = [];
    for (const userId of new Set(userIds)) {
      const remembered = this.openAccounts.get(userId);
      if (remembered) found.set(userId, remembered);
      else unknown.push(userId);
    }
    if (unknown.length === 0) return found;
    for (const account of await this.accounts.find({ userId: { $in: unknown } })) {
      if (account.userId === undefined) continue;
      this.remember(account.userId, account);
      found.set(account.userId, account);
    }
    return found;
  }

  private remember(userId: string, account: AccountDocument): void {
    if (this.openAccounts.size >= REMEMBERED_ACCOUNTS) {
      const oldest = this.openAccounts.keys().next().value;
      if (oldest !== undefined) this.openAccounts.delete(oldest);
    }
    this.openAccounts.set(userId, account);
  }

  /** The member's open account, opened now if it has none; two concurrent openings end with the same one. */
  async account(userId: string): Promise<AccountDocument> {
    const found = await this.findAccount(userId);
    if (found) return found;
    const account: AccountDocument = { _id: randomUUID(), userId, openedAt: new Date().toISOString() };
    try {
      await this.accounts.insertOne(account);
      this.remember(userId, account);
      return account;
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      const winner = await this.findAccount(userId);
      if (!winner) throw error;
      return winner;
    }
  }

  /** Forgets whose the account was: its entries stay, and can no longer be tied to the member. */
  async closeAccount(account: AccountDocument): Promise<void> {
    if (account.userId) this.openAccounts.delete(account.userId);
    await this.accounts.updateOne(
      { _id: account._id },
      { $unset: { userId: true }, $set: { closedAt: new Date().toISOString() } },
    );
  }

  async head(accountId: string): Promise<Head> {
    const [last] = await this.entries.find({ accountId }, { sort: { sequence: -1 }, limit: 1 });
    const head = last ? { sequence: last.sequence, balance: last.balanceAfter } : EMPTY_HEAD;
    this.heads.set(accountId, head);
    return head;
  }

  /** Appends the entry the request makes, with the events `eventsOf` builds for it, once per idempotency key. */
  append(
    account: AccountDocument,
    request: AppendRequest,
    eventsOf: (entry: Entry) => EventEnvelope[],
  ): Promise<Appended> {
    return this.lanes.run(account._id, () => this.appendInTurn(account._id, request, eventsOf));
  }

  private async appendInTurn(
    accountId: string,
    request: AppendRequest,
    eventsOf: (entry: Entry) => EventEnvelope[],
  ): Promise<Appended> {
    // A retried request is found by its key when the insert collides with the first one, or, should its balance
    // no longer cover it, before refusing: no lookup on the way of the first call.
    let head = this.heads.get(accountId);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const fresh = head === undefined;
      head ??= await this.head(accountId);
      const wanted = isComputed(request) ? request.compute(head) : request;
      let entry: Entry;
      try {
        entry = nextEntry(head, wanted, { accountId, now: new Date().toISOString() });
      } catch (error) {
        // A remembered head may be stale (another process credited the account): refuse only on the stored one.
        if (!fresh) {
          head = undefined;
          continue;
        }
        const replayed = await this.replayOf(accountId, request);
        if (replayed) return replayed;
        throw error;
      }
      const events = eventsOf(entry);
      try {
        await this.entries.insertOne({ ...entry, _id: entry.id, [OUTBOX_FIELD]: events });
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
        this.heads.delete(accountId);
        head = undefined;
        if (error.fields.includes('keyHash')) {
          const replayed = await this.replayOf(accountId, request);
          if (replayed) return replayed;
        }
        continue;
      }
      this.heads.set(accountId, { sequence: entry.sequence, balance: entry.balanceAfter });
      this.eventsStored(entry.id, events);
      countEntry(entry);
      return { entry, replayed: false };
    }
    throw new DomainError('UNAVAILABLE', 'errors.unavailable');
  }

  /** The entry an earlier call with this idempotency key wrote; a computed request is judged by its key alone. */
  private async replayOf(accountId: string, request: AppendRequest): Promise<Appended | null> {
    const existing = await this.entries.findOne({ keyHash: keyHash(accountId, request.idempotencyKey) });
    if (!existing) return null;
    if (!isComputed(request)) assertSameRequest(existing, request);
    return { entry: withoutStorage(existing), replayed: true };
  }

  /** The account's entries, newest first, below `beforeSequence` when given. */
  async history(accountId: string, options: { beforeSequence?: number; limit: number }): Promise<Entry[]> {
    const filter =
      options.beforeSequence === undefined ? { accountId } : { accountId, sequence: { $lt: options.beforeSequence } };
    const found = await this.entries.find(filter, { sort: { sequence: -1 }, limit: options.limit });
    return found.map(withoutStorage);
  }

  /** The account's entries, oldest first. */
  async entriesOf(accountId: string): Promise<Entry[]> {
    const found = await this.entries.find({ accountId }, { sort: { sequence: 1 } });
    return found.map(withoutStorage);
  }

  /** The account by its id, open or closed; null when there is none. */
  accountById(accountId: string): Promise<AccountDocument | null> {
    return this.accounts.findOne({ _id: accountId });
  }

  /** Every account's entries in sequence order, one account at a time, for the integrity check. */
  async *chains(): AsyncGenerator<{ accountId: string; entries: Entry[] }> {
    for (const account of await this.accounts.find({})) {
      yield { accountId: account._id, entries: await this.entriesOf(account._id) };
    }
  }

  /** Ids of accounts that have entries but no account document (a break the chains above cannot show). */
  async unknownAccounts(): Promise<string[]> {
    const known = (await this.accounts.find({})).map((account) => account._id);
    const orphans = await this.entries.find({ accountId: { $nin: known } });
    return [...new Set(orphans.map((entry) => entry.accountId))];
  }
}

function withoutStorage(doc: EntryDocument): Entry {
  const { _id: _ignored, [OUTBOX_FIELD]: _outbox, ...entry } = doc;
  return entry;
}
