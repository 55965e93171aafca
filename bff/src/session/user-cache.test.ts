import { describe, expect, it } from '@jest/globals';
import { DomainError } from '@tip/platform';
import { IdentityDirectory, identityUser } from '../testing/identity-users.js';
import { UserCache } from './user-cache.js';

function setup(options: { ttlMs?: number } = {}) {
  const identity = new IdentityDirectory();
  identity.users.set('u1', identityUser('u1'));
  let now = 0;
  const cache = new UserCache(identity, { ttlMs: options.ttlMs ?? 60_000, now: () => now });
  return { identity, cache, advance: (ms: number) => (now += ms) };
}

describe('UserCache', () => {
  it('asks identity once and then answers from memory', async () => {
    const { identity, cache } = setup();
    expect((await cache.get('u1'))?.username).toBe('user-u1');
    await cache.get('u1');
    await cache.get('u1');
    expect(identity.calls).toBe(1);
  });

  it('shares one lookup between concurrent misses', async () => {
    const { identity, cache } = setup();
    const users = await Promise.all([cache.get('u1'), cache.get('u1'), cache.get('u1')]);
    expect(users.every((user) => user?.id === 'u1')).toBe(true);
    expect(identity.calls).toBe(1);
  });

  it('asks again once the TTL has passed', async () => {
    const { identity, cache, advance } = setup({ ttlMs: 1000 });
    await cache.get('u1');
    advance(1000);
    await cache.get('u1');
    expect(identity.calls).toBe(2);
  });

  it('answers null for a user identity does not know, and fails when identity does', async () => {
    const { identity, cache } = setup();
    await expect(cache.get('nobody')).resolves.toBeNull();
    identity.GetUser = async () => {
      throw new DomainError('UNAVAILABLE', 'errors.unavailable');
    };
    await expect(cache.get('u1')).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });

  it('fetches a user anew after a change was announced', async () => {
    const { identity, cache } = setup();
    await cache.get('u1');
    identity.users.set('u1', identityUser('u1', { username: 'renamed' }));
    cache.invalidate('u1');
    expect((await cache.get('u1'))?.username).toBe('renamed');
  });

  it('does not keep what a lookup read before a change it raced with', async () => {
    const { identity, cache } = setup();
    let release = () => {};
    identity.gate = new Promise((resolve) => (release = resolve));
    const inFlight = cache.get('u1');
    cache.invalidate('u1');
    release();
    await inFlight;
    identity.gate = undefined;
    await cache.get('u1');
    expect(identity.calls).toBe(2);
  });

  it('treats a deleted user as gone without asking identity, and ignores later news of it', async () => {
    const { identity, cache } = setup();
    await cache.get('u1');
    cache.drop('u1');
    cache.remember(identityUser('u1'));
    await expect(cache.get('u1')).resolves.toBeNull();
    expect(identity.calls).toBe(1);
  });
});
