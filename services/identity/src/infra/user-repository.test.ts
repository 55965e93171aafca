import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { DomainError, SqliteDocumentStore } from '@tip/platform';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newUserDocument } from '../app/new-user.js';
import { UserRepository } from './user-repository.js';

describe('UserRepository', () => {
  let dir: string;
  let store: SqliteDocumentStore;
  let users: UserRepository;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tip-users-'));
    store = await SqliteDocumentStore.open(dir);
    users = await UserRepository.open(store);
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  const user = (username: string, email: string) =>
    newUserDocument({ username, usernameLower: username.toLowerCase(), email });

  it('turns a duplicate username or e-mail into the error the user sees', async () => {
    await users.insert(user('Mario', 'mario@x.it'), []);
    await expect(users.insert(user('MARIO', 'other@x.it'), [])).rejects.toMatchObject({
      code: 'ALREADY_EXISTS',
      messageKey: 'identity.usernameTaken',
    });
    await expect(users.insert(user('luigi', 'mario@x.it'), [])).rejects.toMatchObject({
      code: 'ALREADY_EXISTS',
      messageKey: 'identity.emailTaken',
    });
  });

  it('lets many accounts without a username coexist', async () => {
    await users.insert(newUserDocument({ email: 'a@x.it', needsProfileSetup: true }), []);
    await users.insert(newUserDocument({ email: 'b@x.it', needsProfileSetup: true }), []);
    expect(await users.collection.count({})).toBe(2);
  });

  it('applies concurrent transitions one after the other, losing none', async () => {
    const stored = user('mario', 'mario@x.it');
    await users.insert(stored, []);
    await Promise.all([
      users.modify(stored._id, (current) => ({ next: { ...current, bio: `${current.bio ?? ''}a` }, events: [] })),
      users.modify(stored._id, (current) => ({ next: { ...current, bio: `${current.bio ?? ''}b` }, events: [] })),
      users.modify(stored._id, (current) => ({ next: { ...current, city: 'Roma' }, events: [] })),
    ]);
    const after = await users.get(stored._id);
    expect(after.bio?.split('').sort().join('')).toBe('ab');
    expect(after.city).toBe('Roma');
    expect(after.revision).toBe(3);
  });

  it('unsets the fields a transition leaves out', async () => {
    const stored = { ...user('mario', 'mario@x.it'), bio: 'ciao' };
    await users.insert(stored, []);
    const after = await users.modify(stored._id, (current) => ({ next: { ...current, bio: undefined }, events: [] }));
    expect(after).not.toHaveProperty('bio');
  });

  it('does not find a deleted user, nor let one be changed', async () => {
    const stored = { ...user('mario', 'mario@x.it'), deleted: true };
    await users.insert(stored, []);
    expect(await users.findById(stored._id)).toBeNull();
    await expect(users.modify(stored._id, (current) => ({ next: current, events: [] }))).rejects.toBeInstanceOf(
      DomainError,
    );
    expect(await users.setPresence(stored._id, true)).toBe('missing');
  });
});
