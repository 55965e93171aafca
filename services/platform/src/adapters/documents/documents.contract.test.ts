import { describe, expect, it } from '@jest/globals';
import { DuplicateKeyError, type DocumentStore } from '../../ports/documents.js';
import { describeContract, documentStoreTargets } from '../../testing/index.js';

interface Member {
  _id: string;
  name: string;
  age?: number;
  tags?: string[];
  city?: string | null;
  joinedAt?: string;
  profile?: { country: string; score?: number };
  email?: string;
}

const members: Member[] = [
  { _id: 'm1', name: 'anna', age: 31, tags: ['admin', 'tester'], city: 'Roma', joinedAt: '2024-01-05T10:00:00.000Z' },
  { _id: 'm2', name: 'bruno', age: 25, tags: ['tester'], city: null, profile: { country: 'IT', score: 3 } },
  { _id: 'm3', name: 'carla', age: 42, tags: [], joinedAt: '2024-03-01T08:00:00.000Z', profile: { country: 'FR' } },
  { _id: 'm4', name: 'dario', joinedAt: '2023-12-24T18:30:00.000Z' },
];

const ids = (docs: { _id: string }[]) => docs.map((doc) => doc._id).sort();

await describeContract<DocumentStore>('documents', documentStoreTargets, (store) => {
  async function seeded(opened?: DocumentStore) {
    const members$ = await (opened ?? (await store.open())).collection<Member>('members');
    for (const member of members) await members$.insertOne(member);
    return members$;
  }

  describe('reading', () => {
    it('finds one document by id, or null', async () => {
      const members$ = await seeded();
      expect(await members$.findOne({ _id: 'm2' })).toEqual(members[1]);
      expect(await members$.findOne({ _id: 'nobody' })).toBeNull();
    });

    it('matches equality, dot paths and array elements', async () => {
      const members$ = await seeded();
      expect(ids(await members$.find({ name: 'carla' }))).toEqual(['m3']);
      expect(ids(await members$.find({ 'profile.country': 'IT' }))).toEqual(['m2']);
      expect(ids(await members$.find({ tags: 'tester' }))).toEqual(['m1', 'm2']);
      expect(ids(await members$.find({}))).toEqual(['m1', 'm2', 'm3', 'm4']);
    });

    it('matches $in, also against array fields', async () => {
      const members$ = await seeded();
      expect(ids(await members$.find({ name: { $in: ['anna', 'dario', 'zeno'] } }))).toEqual(['m1', 'm4']);
      expect(ids(await members$.find({ tags: { $in: ['admin'] } }))).toEqual(['m1']);
      expect(ids(await members$.find({ _id: { $in: [] } }))).toEqual([]);
    });

    it('reads, counts, updates and deletes a list of ids, with other conditions, repeats and unknown ids', async () => {
      const members$ = await seeded();
      const listed = { _id: { $in: ['m3', 'm1', 'nobody', 'm1', 'm2'] } };
      expect(ids(await members$.find(listed))).toEqual(['m1', 'm2', 'm3']);
      expect(ids(await members$.find({ ...listed, tags: 'tester' }))).toEqual(['m1', 'm2']);
      expect(await members$.find(listed, { limit: 2 })).toHaveLength(2);
      expect((await members$.find(listed, { sort: { name: -1 }, skip: 1 })).map((m) => m.name)).toEqual([
        'bruno',
        'anna',
      ]);
      expect(await members$.count({ ...listed, age: { $gt: 30 } })).toBe(2);
      expect(await members$.count({ ...listed, age: { $gt: 30 } }, { limit: 1 })).toBe(1);
      expect(await members$.updateMany({ ...listed, age: { $gt: 30 } }, { $inc: { visits: 1 } })).toBe(2);
      expect(ids(await members$.find({ visits: 1 }))).toEqual(['m1', 'm3']);
      expect(await members$.updateMany(listed, { $pull: { tags: { $in: ['tester'] } } })).toBe(3);
      expect(await members$.count({ tags: 'tester' })).toBe(0);
      expect(await members$.deleteMany({ ...listed, name: { $ne: 'bruno' } })).toBe(2);
      expect(ids(await members$.find({}))).toEqual(['m2', 'm4']);
    });

    it('matches $ne the Mongo way: missing fields match, arrays match only when no element equals', async () => {
      const members$ = await seeded();
      expect(ids(await members$.find({ name: { $ne: 'anna' } }))).toEqual(['m2', 'm3', 'm4']);
      expect(ids(await members$.find({ tags: { $ne: 'tester' } }))).toEqual(['m3', 'm4']);
      expect(ids(await members$.find({ 'profile.country': { $ne: 'IT' } }))).toEqual(['m1', 'm3', 'm4']);
    });

    it('matches null as "null or missing", and $ne null as "present and not null"', async () => {
      const members$ = await seeded();
      expect(ids(await members$.find({ city: null }))).toEqual(['m2', 'm3', 'm4']);
      expect(ids(await members$.find({ city: { $ne: null } }))).toEqual(['m1']);
    });

    it('matches $exists on fields and dot paths', async () => {
      const members$ = await seeded();
      expect(ids(await members$.find({ age: { $exists: true } }))).toEqual(['m1', 'm2', 'm3']);
      expect(ids(await members$.find({ age: { $exists: false } }))).toEqual(['m4']);
      expect(ids(await members$.find({ city: { $exists: true } }))).toEqual(['m1', 'm2']);
      expect(ids(await members$.find({ 'profile.score': { $exists: true } }))).toEqual(['m2']);
    });

    it('compares numbers and ISO dates with $gt, $gte, $lt, $lte', async () => {
      const members$ = await seeded();
      expect(ids(await members$.find({ age: { $gt: 25 } }))).toEqual(['m1', 'm3']);
      expect(ids(await members$.find({ age: { $gte: 25, $lt: 42 } }))).toEqual(['m1', 'm2']);
      expect(ids(await members$.find({ age: { $lte: 31 } }))).toEqual(['m1', 'm2']);
      expect(ids(await members$.find({ joinedAt: { $lt: '2024-02-01T00:00:00.000Z' } }))).toEqual(['m1', 'm4']);
    });

    it('combines conditions with $or and with several fields', async () => {
      const members$ = await seeded();
      expect(ids(await members$.find({ $or: [{ name: 'anna' }, { age: { $gt: 40 } }] }))).toEqual(['m1', 'm3']);
      expect(ids(await members$.find({ $or: [{ city: null }, { tags: 'admin' }], age: { $lt: 40 } }))).toEqual([
        'm1',
        'm2',
      ]);
      expect(ids(await members$.find({ $or: [{ name: 'zeno' }, { 'profile.country': 'FR' }] }))).toEqual(['m3']);
    });

    it('sorts, skips and limits', async () => {
      const members$ = await seeded();
      const byAge = await members$.find({ age: { $exists: true } }, { sort: { age: -1 } });
      expect(byAge.map((member) => member.name)).toEqual(['carla', 'anna', 'bruno']);
      const page = await members$.find({}, { sort: { name: 1 }, skip: 1, limit: 2 });
      expect(page.map((member) => member.name)).toEqual(['bruno', 'carla']);
      const byTwoKeys = await members$.find({}, { sort: { 'profile.country': 1, name: -1 }, limit: 3 });
      expect(byTwoKeys.map((member) => member.name)).toEqual(['dario', 'anna', 'carla']);
    });

    it('counts matches', async () => {
      const members$ = await seeded();
      expect(await members$.count({})).toBe(4);
      expect(await members$.count({ tags: 'tester' })).toBe(2);
      expect(await members$.count({ name: 'zeno' })).toBe(0);
    });

    it('counts no further than a limit', async () => {
      const members$ = await seeded();
      expect(await members$.count({}, { limit: 3 })).toBe(3);
      expect(await members$.count({ tags: 'tester' }, { limit: 5 })).toBe(2);
      expect(await members$.count({ name: 'zeno' }, { limit: 1 })).toBe(0);
    });
  });

  describe('reading a page of a large collection in order', () => {
    it('answers sort, skip and limit over an indexed field as it would without the index, ties included', async () => {
      const opened = await store.open();
      const entries = await opened.collection<{ _id: string; at: number; group: string; score?: number }>('entries', [
        { fields: { at: -1 } },
        { fields: { group: 1 } },
      ]);
      const all = Array.from({ length: 700 }, (_, i) => ({
        _id: `e${String(i).padStart(4, '0')}`,
        at: Math.floor(i / 3),
        group: i % 7 === 0 ? 'rare' : 'common',
        ...(i % 5 === 0 ? {} : { score: i % 11 }),
      }));
      for (const entry of [...all].reverse()) await entries.insertOne(entry);
      const byAtThenId = (a: (typeof all)[number], b: (typeof all)[number]) =>
        b.at - a.at || b._id.localeCompare(a._id);
      const expected = (keep: (entry: (typeof all)[number]) => boolean, skip: number, limit: number) =>
        all
          .filter(keep)
          .sort(byAtThenId)
          .slice(skip, skip + limit)
          .map((entry) => entry._id);
      const page = async (filter: Record<string, unknown>, skip: number, limit: number) =>
        (await entries.find(filter, { sort: { at: -1, _id: -1 }, skip, limit })).map((entry) => entry._id);

      expect(await page({}, 0, 10)).toEqual(expected(() => true, 0, 10));
      expect(await page({}, 7, 5)).toEqual(expected(() => true, 7, 5));
      expect(await page({ group: 'common' }, 0, 20)).toEqual(expected((entry) => entry.group === 'common', 0, 20));
      expect(await page({ group: 'rare', at: { $lt: 100 } }, 2, 4)).toEqual(
        expected((entry) => entry.group === 'rare' && entry.at < 100, 2, 4),
      );
      expect(await page({ score: { $gt: 8 } }, 0, 6)).toEqual(expected((entry) => (entry.score ?? -1) > 8, 0, 6));
      const ascending = await entries.find({}, { sort: { at: 1, _id: 1 }, limit: 4 });
      expect(ascending.map((entry) => entry._id)).toEqual(['e0000', 'e0001', 'e0002', 'e0003']);
      expect(await page({ group: 'none' }, 0, 5)).toEqual([]);
    });
  });

  describe('writing', () => {
    it('updates the first match and returns the document as it is after the update', async () => {
      const members$ = await seeded();
      const updated = await members$.updateOne(
        { _id: 'm1' },
        { $set: { city: 'Milano', 'profile.country': 'IT' }, $inc: { age: 1 }, $unset: { joinedAt: '' } },
      );
      expect(updated).toEqual({
        _id: 'm1',
        name: 'anna',
        age: 32,
        tags: ['admin', 'tester'],
        city: 'Milano',
        profile: { country: 'IT' },
      });
      expect(await members$.findOne({ _id: 'm1' })).toEqual(updated);
      const one = await members$.updateOne({ tags: 'tester' }, { $set: { city: 'Torino' } });
      expect(['m1', 'm2']).toContain(one?._id);
      expect(await members$.count({ city: 'Torino' })).toBe(1);
    });

    it('returns null when the update matches nothing, and changes nothing', async () => {
      const members$ = await seeded();
      expect(await members$.updateOne({ _id: 'nobody' }, { $set: { age: 1 } })).toBeNull();
      expect(await members$.count({ age: 1 })).toBe(0);
    });

    it('creates a counter with $inc and an array with $push', async () => {
      const members$ = await seeded();
      const updated = await members$.updateOne({ _id: 'm4' }, { $inc: { visits: 2 }, $push: { tags: 'new' } });
      expect(updated).toMatchObject({ visits: 2, tags: ['new'] });
    });

    it('pushes several values with $each and pulls by value or by condition', async () => {
      const opened = await store.open();
      const members$ = await opened.collection<{ _id: string; log: { id: string; n: number }[] }>('logs');
      await members$.insertOne({ _id: 'l1', log: [{ id: 'a', n: 1 }] });
      await members$.updateOne(
        { _id: 'l1' },
        {
          $push: {
            log: {
              $each: [
                { id: 'b', n: 2 },
                { id: 'c', n: 3 },
              ],
            },
          },
        },
      );
      const pulled = await members$.updateOne({ _id: 'l1' }, { $pull: { log: { id: { $in: ['a', 'c'] } } } });
      expect(pulled?.log).toEqual([{ id: 'b', n: 2 }]);
      const tags = await seeded(opened);
      expect((await tags.updateOne({ _id: 'm1' }, { $pull: { tags: 'admin' } }))?.tags).toEqual(['tester']);
    });

    it('updates every match in one call and counts them', async () => {
      const members$ = await seeded();
      expect(await members$.updateMany({ tags: 'tester' }, { $set: { city: 'Bari' }, $inc: { visits: 1 } })).toBe(2);
      expect(ids(await members$.find({ city: 'Bari', visits: 1 }))).toEqual(['m1', 'm2']);
      expect(await members$.updateMany({ _id: { $in: ['nobody'] } }, { $set: { city: 'x' } })).toBe(0);
      await expect(members$.updateMany({}, { name: 'x' } as never)).rejects.toThrow();
    });

    it('refuses an update without operators', async () => {
      const members$ = await seeded();
      await expect(members$.updateOne({ _id: 'm1' }, { name: 'x' } as never)).rejects.toThrow();
      expect(await members$.findOne({ _id: 'm1' })).toEqual(members[0]);
    });

    it('deletes one document and says whether it did', async () => {
      const members$ = await seeded();
      expect(await members$.deleteOne({ tags: 'tester' })).toBe(true);
      expect(await members$.count({})).toBe(3);
      expect(await members$.deleteOne({ _id: 'nobody' })).toBe(false);
    });

    it('deletes every match and says how many', async () => {
      const members$ = await seeded();
      expect(await members$.deleteMany({ age: { $gt: 30 } })).toBe(2);
      expect(await members$.count({})).toBe(2);
      expect(await members$.deleteMany({ _id: 'nobody' })).toBe(0);
    });

    it('does not let a caller mutate stored documents through returned objects', async () => {
      const members$ = await seeded();
      const found = await members$.findOne({ _id: 'm1' });
      found?.tags?.push('mutated');
      expect((await members$.findOne({ _id: 'm1' }))?.tags).toEqual(['admin', 'tester']);
    });
  });

  describe('unique indexes', () => {
    it('refuses a second document with the same _id', async () => {
      const members$ = await seeded();
      const error = await members$.insertOne({ _id: 'm1', name: 'again' }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(DuplicateKeyError);
      expect(error).toMatchObject({ collection: 'members', fields: ['_id'] });
    });

    it('refuses a duplicate on insert and on update, naming the collection and the fields', async () => {
      const users = await (
        await store.open()
      ).collection<{ _id: string; username: string; usernameLower: string }>('users', [
        { fields: { usernameLower: 1 }, unique: true },
      ]);
      await users.insertOne({ _id: 'u1', username: 'Mario', usernameLower: 'mario' });
      await users.insertOne({ _id: 'u2', username: 'Luigi', usernameLower: 'luigi' });
      const onInsert = await users
        .insertOne({ _id: 'u3', username: 'MARIO', usernameLower: 'mario' })
        .catch((caught: unknown) => caught);
      expect(onInsert).toBeInstanceOf(DuplicateKeyError);
      expect(onInsert).toMatchObject({ collection: 'users', fields: ['usernameLower'] });
      const onUpdate = await users
        .updateOne({ _id: 'u2' }, { $set: { username: 'mario', usernameLower: 'mario' } })
        .catch((caught: unknown) => caught);
      expect(onUpdate).toMatchObject({ name: 'DuplicateKeyError', collection: 'users', fields: ['usernameLower'] });
      expect(await users.findOne({ _id: 'u2' })).toMatchObject({ username: 'Luigi' });
      expect(await users.count({})).toBe(2);
    });

    it('with sparse, allows many documents without the field', async () => {
      const users = await (
        await store.open()
      ).collection<{ _id: string; googleId?: string }>('users', [
        { fields: { googleId: 1 }, unique: true, sparse: true },
      ]);
      await users.insertOne({ _id: 'u1' });
      await users.insertOne({ _id: 'u2' });
      await users.insertOne({ _id: 'u3', googleId: 'g-1' });
      await expect(users.insertOne({ _id: 'u4', googleId: 'g-1' })).rejects.toMatchObject({
        fields: ['googleId'],
      });
      await expect(users.updateOne({ _id: 'u1' }, { $set: { googleId: 'g-1' } })).rejects.toBeInstanceOf(
        DuplicateKeyError,
      );
    });

    it('enforces a compound unique index on the combination only', async () => {
      const ledger = await (
        await store.open()
      ).collection<{ _id: string; account: string; sequence: number }>('ledger', [
        { fields: { account: 1, sequence: 1 }, unique: true },
      ]);
      await ledger.insertOne({ _id: 'e1', account: 'a', sequence: 1 });
      await ledger.insertOne({ _id: 'e2', account: 'a', sequence: 2 });
      await ledger.insertOne({ _id: 'e3', account: 'b', sequence: 1 });
      const error = await ledger.insertOne({ _id: 'e4', account: 'a', sequence: 2 }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(DuplicateKeyError);
      expect(error).toMatchObject({ collection: 'ledger', fields: ['account', 'sequence'] });
    });

    it('tells apart two single-field unique indexes', async () => {
      const users = await (
        await store.open()
      ).collection<{ _id: string; email: string; usernameLower: string }>('users', [
        { fields: { email: 1 }, unique: true },
        { fields: { usernameLower: 1 }, unique: true },
      ]);
      await users.insertOne({ _id: 'u1', email: 'a@x.it', usernameLower: 'anna' });
      await users.insertOne({ _id: 'u2', email: 'b@x.it', usernameLower: 'bruno' });
      await expect(users.insertOne({ _id: 'u3', email: 'c@x.it', usernameLower: 'anna' })).rejects.toMatchObject({
        fields: ['usernameLower'],
      });
      await expect(users.updateOne({ _id: 'u2' }, { $set: { email: 'a@x.it' } })).rejects.toMatchObject({
        fields: ['email'],
      });
    });
  });

  describe('lifecycle', () => {
    it('keeps everything written across a close and a reopen, indexes included', async () => {
      const first = await store.open();
      const users = await first.collection<{ _id: string; email: string; n: number }>('users', [
        { fields: { email: 1 }, unique: true },
      ]);
      for (let n = 0; n < 50; n += 1) await users.insertOne({ _id: `u${n}`, email: `${n}@x.it`, n });
      await users.updateOne({ _id: 'u7' }, { $inc: { n: 100 } });
      await users.deleteOne({ _id: 'u8' });
      const other = await first.collection<{ _id: string }>('other');
      await other.insertOne({ _id: 'o1' });
      await first.close();

      const second = await store.open();
      const reopened = await second.collection<{ _id: string; email: string; n: number }>('users', [
        { fields: { email: 1 }, unique: true },
      ]);
      expect(await reopened.count({})).toBe(49);
      expect(await reopened.findOne({ _id: 'u7' })).toEqual({ _id: 'u7', email: '7@x.it', n: 107 });
      expect(await reopened.findOne({ _id: 'u8' })).toBeNull();
      expect(await (await second.collection('other')).count({})).toBe(1);
      await expect(reopened.insertOne({ _id: 'u99', email: '3@x.it', n: 0 })).rejects.toBeInstanceOf(DuplicateKeyError);
    });

    it('closes idempotently and refuses new work afterwards', async () => {
      const opened = await store.open();
      await opened.close();
      await opened.close();
      await expect(opened.collection('members')).rejects.toThrow(/closed/);
    });
  });
});
