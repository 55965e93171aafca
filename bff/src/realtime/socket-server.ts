import { createAdapter } from '@socket.io/redis-adapter';
import { Server } from 'socket.io';
import { RedisCache, type Cache, type Logger } from '@tip/platform';
import type { Sessions } from '../session/sessions.js';
import { ADMINS_ROOM, createPush, sessionRoom, userRoom, type Push } from './push.js';

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
  const io = new Server({ path: SOCKET_PATH, serveClient: false });
  if (options.cache instanceof RedisCache) {
    const { pub, sub } = options.cache.socketIoClients();
    io.adapter(createAdapter(pub, sub));
  }

  io.use((socket, next) => {
    sessions.authenticate(socket.request.headers.cookie).then(
      (session) => {
        if (!session) return next(new Error('unauthorized'));
        const { user, claims } = session;
        socket.data.rooms = [userRoom(user.id), sessionRoom(claims.sid), ...(user.isAdmin ? [ADMINS_ROOM] : [])];
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
  });

  return { io, push: createPush(io) };
}
