import { createAdapter as createClusterAdapter } from '@socket.io/cluster-adapter';
import { createAdapter } from '@socket.io/redis-adapter';
import type { IncomingMessage } from 'node:http';
import { Server } from 'socket.io';
import { connectedSockets, type Cache, type Logger, type ServiceClient } from '@tip/platform';
import type { IdentityDefinition } from '@tip/identity/contract';
import type { Sessions } from '../session/sessions.js';
import { Presence } from './presence.js';
import { endingsAcrossWorkers } from './session-endings.js';
import { ADMINS_ROOM, createPush, FEED_ROOM, presenceRoom, sessionRoom, userRoom, type Push } from './push.js';

export const SOCKET_PATH = '/ws';
/** The most members one page may watch the presence of (a thread header, a profile: one or two). */
export const MAX_WATCHED = 20;

/**
 * Socket.IO at /ws. The handshake must carry a live session cookie; each socket joins its user's room, its
 * session's room (so logout can close it) and, for admins, the admins' room. With Redis as the cache, the Redis
 * adapter carries room broadcasts across BFF replicas; else, in one of npm start's workers (`acrossWorkers`), the
 * cluster adapter carries them through the primary (which runs the adapter's `setupPrimary`). Attach it to the HTTP
 * server with `io.attach(server)`.
 * A member's sockets make them online (see Presence); a page names the members whose presence it shows with
 * `watch_presence` and hears `presence_changed` about them. Between members who blocked each other (either way)
 * neither presence nor typing passes.
 */
export function createRealtime(options: {
  sessions: Sessions;
  cache: Cache;
  logger: Logger;
  identity: Pick<ServiceClient<IdentityDefinition>, 'SetOnlineStatus' | 'BlockedBetween'>;
  offlineAfterMs?: number;
  /** This BFF is one of node:cluster's workers sharing the port with others. */
  acrossWorkers?: boolean;
}): {
  io: Server;
  push: Push;
  presence: Presence;
} {
  const { sessions, logger } = options;
  const redis = options.cache.socketIoClients?.();
  const workers = options.acrossWorkers === true && !redis;
  const io = new Server({
    path: SOCKET_PATH,
    serveClient: false,
    allowRequest: sameOriginOnly,
    // The workers share the port by node:cluster's turns, so a long-polling session's next request may reach another
    // worker, which does not know it: WebSocket alone, which the web app tries first (@socket.io/sticky's routing
    // would take keep-alive away from every request). A page that cannot open one falls back to the spec's polling.
    ...(workers && { transports: ['websocket' as const] }),
  });
  if (redis) {
    io.adapter(createAdapter(redis.pub, redis.sub));
  } else if (workers) {
    io.adapter(createClusterAdapter());
    sessions.shareEndings(endingsAcrossWorkers(io, sessions, logger));
  }

  io.use((socket, next) => {
    sessions.authenticate(socket.request.headers.cookie).then(
      (session) => {
        if (!session) return next(new Error('unauthorized'));
        const { user, claims } = session;
        socket.data.userId = user.id;
        socket.data.rooms = [
          userRoom(user.id),
          sessionRoom(claims.sid),
          FEED_ROOM,
          ...(user.isAdmin ? [ADMINS_ROOM] : []),
        ];
        next();
      },
      (error: unknown) => {
        logger.warn({ err: error }, 'could not check a socket handshake');
        next(new Error('unavailable'));
      },
    );
  });

  const push = createPush(io);
  const withoutBlocked = async (userId: string, ids: string[]) => {
    if (ids.length === 0) return ids;
    const { userIds } = await options.identity.BlockedBetween({ userId });
    return ids.filter((id) => !userIds.includes(id));
  };
  const socketsHere = (userId: string) => io.of('/').adapter.rooms.get(userRoom(userId))?.size ?? 0;
  const presence = new Presence({
    identity: options.identity,
    push,
    logger,
    // Sockets here answer at once; only a member with none here makes the replicas or workers be asked (Redis or
    // cluster adapter), and only while Redis carries the question (else it would wait out the adapter's timeout).
    socketsOf: async (userId) =>
      socketsHere(userId) || (options.cache.degraded ? 0 : (await io.in(userRoom(userId)).fetchSockets()).length),
    ...(options.offlineAfterMs !== undefined && { offlineAfterMs: options.offlineAfterMs }),
  });

  const connected = connectedSockets();
  io.on('connection', (socket) => {
    const userId = socket.data.userId as string;
    // engine.io keeps the handshake's request (its raw headers, its stream's state) for the connection's life, and
    // only the check above reads it: let it go, as Socket.IO's memory-usage guide advises. handshake keeps its headers.
    Reflect.set(socket.conn, 'request', null);
    // Counted before joining: two sockets racing both count as first rather than neither. Joined before presence
    // counts the member's sockets (the Redis adapter may answer a join later).
    const firstHere = socketsHere(userId) === 0;
    void Promise.resolve(socket.join(socket.data.rooms as string[])).then(() => presence.connected(userId, firstHere));
    connected.inc();
    socket.on('disconnect', () => {
      connected.dec();
      presence.disconnected(userId);
    });
    // The members this page shows online or offline: each call replaces the previous list. Calls are applied in
    // turn, so that a slow one cannot undo the one after it.
    let watched: string[] = [];
    let watching = Promise.resolve();
    socket.on('watch_presence', (payload: unknown, ack?: unknown) => {
      const ids = typeof payload === 'object' && payload !== null ? (payload as { userIds?: unknown }).userIds : null;
      if (!Array.isArray(ids)) return;
      const asked = [
        ...new Set(ids.filter((id): id is string => typeof id === 'string' && id.length > 0 && id.length <= 100)),
      ].slice(0, MAX_WATCHED);
      watching = watching
        .then(async () => {
          // Blocking is mutual: a member blocked either way is not watched. Asked again once joined, since a block
          // made meanwhile unwatches only the rooms joined before it (see the block route).
          const next = await withoutBlocked(userId, asked);
          const left = watched.filter((id) => !next.includes(id));
          watched = next;
          await Promise.all([...left.map((id) => socket.leave(presenceRoom(id))), socket.join(next.map(presenceRoom))]);
          const stillAllowed = await withoutBlocked(userId, next);
          const blockedMeanwhile = next.filter((id) => !stillAllowed.includes(id));
          watched = stillAllowed;
          await Promise.all(blockedMeanwhile.map((id) => socket.leave(presenceRoom(id))));
        })
        .catch((error: unknown) => logger.warn({ err: error, userId }, 'could not change the watched members'));
      // The answer names every member asked for, blocked or not, so that it tells nothing of a block.
      if (typeof ack === 'function') void watching.then(() => (ack as (watching: string[]) => void)(asked));
    });
    // 'Sta scrivendo...': relayed to the other member's pages, at most once a second per socket, and never between
    // members who blocked each other.
    let lastTyping = 0;
    socket.on('typing', (payload: unknown) => {
      const to = typeof payload === 'object' && payload !== null ? (payload as { to?: unknown }).to : undefined;
      const now = Date.now();
      if (typeof to !== 'string' || to.length > 100 || now - lastTyping < 1000) return;
      lastTyping = now;
      withoutBlocked(userId, [to]).then(
        (allowed) => {
          if (allowed.length > 0) io.to(userRoom(to)).emit('typing', { type: 'typing', fromUserId: userId });
        },
        (error: unknown) => logger.warn({ err: error, userId }, 'could not relay typing'),
      );
    });
  });

  return { io, push, presence };
}

/**
 * Browsers send the session cookie with a cross-site WebSocket handshake too, so a page elsewhere could otherwise
 * open a socket in the member's name: a browser's handshake must come from a page of this host.
 */
function sameOriginOnly(req: IncomingMessage, callback: (error: string | null | undefined, allowed: boolean) => void) {
  const origin = req.headers.origin;
  if (!origin) return callback(null, true);
  let originHost: string | undefined;
  try {
    originHost = new URL(origin).host;
  } catch {
    // "null" or garbage: not this host.
  }
  const allowed = originHost !== undefined && originHost === req.headers.host;
  callback(allowed ? null : 'cross-origin handshake refused', allowed);
}
