import { createAdapter } from '@socket.io/redis-adapter';
import type { IncomingMessage } from 'node:http';
import { Server } from 'socket.io';
import { RedisCache, type Cache, type Logger } from '@tip/platform';
import type { Sessions } from '../session/sessions.js';
import { ADMINS_ROOM, createPush, FEED_ROOM, sessionRoom, userRoom, type Push } from './push.js';

export const SOCKET_PATH = '/ws';

/**
 * Socket.IO at /ws. The handshake must carry a live session cookie; each socket joins its user's room, its
 * session's room (so logout can close it) and, for admins, the admins' room. With Redis as the cache, the Redis
 * adapter carries room broadcasts across BFF replicas. Attach it to the HTTP server with `io.attach(server)`.
 */
export function createRealtime(options: { sessions: Sessions; cache: Cache; logger: Logger }): {
  io: Server;
  push: Push;
} {
  const { sessions, logger } = options;
  const io = new Server({ path: SOCKET_PATH, serveClient: false, allowRequest: sameOriginOnly });
  if (options.cache instanceof RedisCache) {
    const { pub, sub } = options.cache.socketIoClients();
    io.adapter(createAdapter(pub, sub));
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

  io.on('connection', (socket) => {
    void socket.join(socket.data.rooms as string[]);
    // 'Sta scrivendo...': relayed to the other member's pages, at most once a second per socket.
    let lastTyping = 0;
    socket.on('typing', (payload: unknown) => {
      const to = typeof payload === 'object' && payload !== null ? (payload as { to?: unknown }).to : undefined;
      const now = Date.now();
      if (typeof to !== 'string' || to.length > 100 || now - lastTyping < 1000) return;
      lastTyping = now;
      io.to(userRoom(to)).emit('typing', { type: 'typing', fromUserId: socket.data.userId as string });
    });
  });

  return { io, push: createPush(io) };
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
