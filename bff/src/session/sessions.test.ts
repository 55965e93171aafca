import { describe, expect, it } from '@jest/globals';
import { createSigner } from 'fast-jwt';
import { MemoryCache } from '@tip/platform';
import { IdentityDirectory, identityUser } from '../testing/identity-users.js';
import { readCookie } from './cookies.js';
import { NOBODY_ELSE, SESSION_COOKIE, SESSION_RECHECK_MS, Sessions, USER_ID_COOKIE } from './sessions.js';
import { SessionTokens } from './session-tokens.js';
import { UserCache } from './user-cache.js';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';

/** One BFF replica's session check; replicas share the cache port, the secret and identity. */
function replica(cache: MemoryCache, identity: IdentityDirectory, secure = false, now: () => number = Date.now) {
  const users = new UserCache(identity, { now });
  return { users, sessions: new Sessions(new SessionTokens(SECRET, { now }), cache, users, identity, secure, now) };
}

/** A token signed HS256 with `secret`, expiring in `expiresIn` seconds unless its claims say otherwise. */
const signed = (claims: Record<string, unknown>, secret: string, expiresIn = 60) =>
  createSigner({ key: secret, algorithm: 'HS256' })({
    sub: 'u1',
    exp: Math.floor(Date.now() / 1000) + expiresIn,
    ...claims,
  });

/** The member the sessions are started for, before any password reset. */
const U1 = { id: 'u1', sessionGeneration: 0 };

const LINUX_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
/** A request that came over plain http, as Express sees it. */
const overHttp = { secure: false, headers: { 'user-agent': LINUX_CHROME } };

/** The Cookie header a browser would send back after these Set-Cookie headers. */
const cookieHeader = (setCookies: string[]) => setCookies.map((header) => header.split(';')[0]).join('; ');

function setup() {
  const cache = new MemoryCache();
  const identity = new IdentityDirectory();
  identity.users.set('u1', identityUser('u1'));
  return { cache, identity, ...replica(cache, identity) };
}

describe('sessions', () => {
  it('sets an httpOnly session cookie and a readable user-id cookie, Lax, for seven days', async () => {
    const { sessions } = setup();
    const [session, userId] = await sessions.start(U1, overHttp);
    expect(session).toMatch(new RegExp(`^${SESSION_COOKIE}=[\\w-]+\\.[\\w-]+\\.[\\w-]+;`));
    expect(session).toContain('Max-Age=604800');
    expect(session).toContain('HttpOnly');
    expect(session).toContain('SameSite=Lax');
    expect(session).not.toContain('Secure');
    expect(userId).toMatch(new RegExp(`^${USER_ID_COOKIE}=u1;`));
    expect(userId).not.toContain('HttpOnly');
  });

  it('marks the cookies Secure when PUBLIC_URL is https, whatever the request', async () => {
    const { cache, identity } = setup();
    const started = await replica(cache, identity, true).sessions.start(U1, overHttp);
    expect(started.every((c) => c.includes('Secure'))).toBe(true);
  });

  it('marks the cookies Secure, and those that clear them, when the request came over https', async () => {
    const { sessions } = setup();
    const overHttps = { secure: true, headers: {} };
    const started = await sessions.start(U1, overHttps);
    expect(started.every((c) => c.includes('Secure'))).toBe(true);
    const { setCookies } = await sessions.end(cookieHeader(started), overHttps);
    expect(setCookies.every((c) => c.includes('Secure') && c.includes('Max-Age=0'))).toBe(true);
  });

  it('finds the user of a session cookie', async () => {
    const { sessions } = setup();
    const session = await sessions.authenticate(`theme=dark; ${cookieHeader(await sessions.start(U1, overHttp))}`);
    expect(session?.user.id).toBe('u1');
    expect(session?.claims.sub).toBe('u1');
  });

  it('answers repeated checks from memory, without asking identity again', async () => {
    const { sessions, identity } = setup();
    const header = cookieHeader(await sessions.start(U1, overHttp));
    for (let i = 0; i < 100; i++) expect(await sessions.authenticate(header)).not.toBeNull();
    expect(identity.calls).toBe(1);
    expect(identity.touches).toBe(0);
  });

  it("starts identity's record of the session, whose id the token carries", async () => {
    const { sessions, identity } = setup();
    const session = await sessions.authenticate(cookieHeader(await sessions.start(U1, overHttp)));
    expect(identity.sessions.get(session?.claims.sid ?? '')).toEqual({ userId: 'u1', live: true });
  });

  it('asks identity again once per recheck interval, and refuses a session identity ended, on every replica', async () => {
    const cache = new MemoryCache();
    const identity = new IdentityDirectory();
    identity.users.set('u1', identityUser('u1'));
    let clock = Date.now();
    const now = () => clock;
    const { sessions } = replica(cache, identity, false, now);
    const other = replica(cache, identity, false, now).sessions;
    const header = cookieHeader(await sessions.start(U1, overHttp));
    expect(await other.authenticate(header)).not.toBeNull();
    expect(identity.touches).toBe(1);
    clock += SESSION_RECHECK_MS - 1;
    expect(await sessions.authenticate(header)).not.toBeNull();
    expect(identity.touches).toBe(1);

    // Ended in identity alone (its mark in the cache lost, its event not yet here): refused at the next recheck.
    const sid = (await sessions.authenticate(header))?.claims.sid ?? '';
    await identity.EndSession({ userId: 'u1', sessionId: sid });
    clock += 1;
    expect(await sessions.authenticate(header)).toBeNull();
    // The replica that found out marked it in the cache: the other refuses it without asking.
    const touches = identity.touches;
    expect(await other.authenticate(header)).toBeNull();
    expect(identity.touches).toBe(touches);
  });

  it('refuses at once a session refused by id (ended from another device), on every replica', async () => {
    const { cache, identity, sessions } = setup();
    const other = replica(cache, identity).sessions;
    const header = cookieHeader(await sessions.start(U1, overHttp));
    const sid = (await other.authenticate(header))?.claims.sid ?? '';
    await sessions.refuse(sid);
    await expect(sessions.authenticate(header)).resolves.toBeNull();
    await expect(other.authenticate(header)).resolves.toBeNull();
  });

  it('never trusts the readable user-id cookie', async () => {
    const { sessions } = setup();
    await expect(sessions.authenticate(`${USER_ID_COOKIE}=u1`)).resolves.toBeNull();
  });

  it('refuses forged, tampered, expired and alien tokens', async () => {
    const { sessions } = setup();
    const forged = signed({ sid: 's' }, 'another-secret-another-secret-another');
    const expired = signed({ sid: 's' }, SECRET, -10);
    const none = createSigner({ algorithm: 'none' })({ sub: 'u1', sid: 's', exp: Math.floor(Date.now() / 1000) + 60 });
    const noSid = signed({}, SECRET);
    const valid = readCookie(cookieHeader(await sessions.start(U1, overHttp)), SESSION_COOKIE) ?? '';
    const tampered = valid.replace(/\.(.)/, (_match, first: string) => `.${first === 'a' ? 'b' : 'a'}`);
    for (const token of [forged, expired, none, noSid, tampered, 'garbage']) {
      await expect(sessions.authenticate(`${SESSION_COOKIE}=${token}`)).resolves.toBeNull();
    }
  });

  it('refuses a session once it ended, on every replica, while a new one works', async () => {
    const { cache, identity, sessions } = setup();
    const other = replica(cache, identity).sessions;
    const header = cookieHeader(await sessions.start(U1, overHttp));
    expect(await other.authenticate(header)).not.toBeNull();

    const { claims, setCookies } = await sessions.end(header, overHttp);
    expect(claims?.sub).toBe('u1');
    expect(setCookies.every((c) => c.includes('Max-Age=0'))).toBe(true);
    expect(identity.sessions.get(claims?.sid ?? '')?.live).toBe(false);
    await expect(sessions.authenticate(header)).resolves.toBeNull();
    await expect(other.authenticate(header)).resolves.toBeNull();
    await expect(sessions.authenticate(cookieHeader(await sessions.start(U1, overHttp)))).resolves.not.toBeNull();
  });

  it('refuses the sessions issued before a password reset raised the generation, and takes those after it', async () => {
    const { sessions, users, identity } = setup();
    const before = cookieHeader(await sessions.start(U1, overHttp));
    // A token from before generations existed counts as generation 0.
    identity.sessions.set('old-session', { userId: 'u1', live: true });
    const older = `${SESSION_COOKIE}=${signed({ sid: 'old-session' }, SECRET)}`;
    await expect(sessions.authenticate(older)).resolves.not.toBeNull();

    identity.users.set('u1', identityUser('u1', { sessionGeneration: 1 }));
    // Until identity's event reaches this replica, its cache still holds generation 0.
    await expect(sessions.authenticate(before)).resolves.not.toBeNull();
    users.invalidate('u1');
    await expect(sessions.authenticate(before)).resolves.toBeNull();
    await expect(sessions.authenticate(older)).resolves.toBeNull();
    const after = cookieHeader(await sessions.start({ id: 'u1', sessionGeneration: 1 }, overHttp));
    await expect(sessions.authenticate(after)).resolves.toMatchObject({ claims: { gen: 1 } });
  });

  it('refuses a token whose session identity has no record of (issued before sessions were recorded)', async () => {
    const { sessions } = setup();
    const unrecorded = `${SESSION_COOKIE}=${signed({ sid: 'never-recorded' }, SECRET)}`;
    await expect(sessions.authenticate(unrecorded)).resolves.toBeNull();
  });

  it('refuses the session of a deleted user', async () => {
    const { sessions, users, identity } = setup();
    const header = cookieHeader(await sessions.start(U1, overHttp));
    users.drop('u1');
    await expect(sessions.authenticate(header)).resolves.toBeNull();
    identity.users.delete('u1');
    const fresh = replica(new MemoryCache(), identity).sessions;
    await expect(fresh.authenticate(header)).resolves.toBeNull();
  });
});

/** A cache that counts its reads. */
class CountingCache extends MemoryCache {
  reads = 0;
  override get(key: string): Promise<string | null> {
    this.reads++;
    return super.get(key);
  }
}

/**
 * The cache reads of five checks of a session, once `sessions` has confirmed it (a first check, which may read):
 * each check must let the session in.
 */
async function readsOfConfirmedChecks(cache: CountingCache, sessions: Sessions, header: string): Promise<number> {
  expect(await sessions.authenticate(header)).not.toBeNull();
  const reads = cache.reads;
  for (let i = 0; i < 5; i++) expect(await sessions.authenticate(header)).not.toBeNull();
  return cache.reads - reads;
}

/** npm start's workers: replicas that tell each other of an ended session, as the cluster adapter carries it. */
function workers(cache: MemoryCache, identity: IdentityDirectory) {
  const all = [replica(cache, identity), replica(cache, identity)];
  for (const worker of all)
    worker.sessions.shareEndings({
      tell: (sid) => {
        for (const other of all) if (other !== worker) other.sessions.markEnded(sid);
        return Promise.resolve();
      },
    });
  return all as [ReturnType<typeof replica>, ReturnType<typeof replica>];
}

describe("sessions across npm start's workers", () => {
  it('read no mark in the cache for a session confirmed here, and refuse it at once when another worker ends it', async () => {
    const cache = new CountingCache();
    const { identity } = setup();
    const [first, second] = workers(cache, identity);
    const header = cookieHeader(await first.sessions.start(U1, overHttp));
    expect(await readsOfConfirmedChecks(cache, second.sessions, header)).toBe(0);

    await first.sessions.end(header, overHttp);
    await expect(second.sessions.authenticate(header)).resolves.toBeNull();
    await expect(first.sessions.authenticate(header)).resolves.toBeNull();
    // A worker started since (it confirmed nothing) finds the cache's mark.
    await expect(replica(cache, identity).sessions.authenticate(header)).resolves.toBeNull();
  });

  it('confirm no session that another worker ended while identity was answering', async () => {
    const { cache, identity } = setup();
    const [first, second] = workers(cache, identity);
    const header = cookieHeader(await first.sessions.start(U1, overHttp));
    // Identity answers 'live' (asked before the end), and the answer arrives after it.
    const touch = identity.TouchSession;
    let asked = () => {};
    const askedIdentity = new Promise<void>((resolve) => (asked = resolve));
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    identity.TouchSession = async (request) => {
      const live = await touch(request);
      asked();
      await answered;
      return live;
    };
    const checking = second.sessions.authenticate(header);
    await askedIdentity;
    await first.sessions.end(header, overHttp);
    answer();
    await expect(checking).resolves.toBeNull();
  });
});

describe('sessions in a process that serves them alone', () => {
  it('read no mark in the cache for a session confirmed here, and refuse at once one ended here', async () => {
    const cache = new CountingCache();
    const { identity } = setup();
    const alone = replica(cache, identity);
    alone.sessions.shareEndings(NOBODY_ELSE);
    const header = cookieHeader(await alone.sessions.start(U1, overHttp));
    expect(await readsOfConfirmedChecks(cache, alone.sessions, header)).toBe(0);
    await alone.sessions.end(header, overHttp);
    await expect(alone.sessions.authenticate(header)).resolves.toBeNull();
    // Started again on the same cache, the process finds the mark.
    await expect(replica(cache, identity).sessions.authenticate(header)).resolves.toBeNull();
  });
});

describe('sessions when the cache port fails', () => {
  it('answers "unavailable" rather than letting a possibly revoked session in', async () => {
    class BrokenCache extends MemoryCache {
      override async get(): Promise<string | null> {
        throw new Error('connection lost');
      }
    }
    const identity = new IdentityDirectory();
    identity.users.set('u1', identityUser('u1'));
    const { sessions } = replica(new BrokenCache(), identity);
    await expect(sessions.authenticate(cookieHeader(await sessions.start(U1, overHttp)))).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      messageKey: 'errors.unavailable',
    });
  });
});

describe('readCookie', () => {
  it.each([
    ['a=1; tip_session=tok; b=2', 'tok'],
    ['tip_session=tok', 'tok'],
    ['xtip_session=evil; tip_session=tok', 'tok'],
    ['xtip_session=evil', undefined],
    ['tip_session=', undefined],
    ['tip_sessions=tok', undefined],
    [undefined, undefined],
  ])('reads %p as %p', (header, value) => {
    expect(readCookie(header, SESSION_COOKIE)).toBe(value);
  });
});
