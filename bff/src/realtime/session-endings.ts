import type { Server } from 'socket.io';
import type { Logger } from '@tip/platform';
import type { SessionEndings, Sessions } from '../session/sessions.js';

const SESSION_ENDED = 'tip:session_ended';

/**
 * npm start's workers tell each other of an ended session through Socket.IO's cluster adapter (`serverSideEmit`),
 * each answering once it refuses the session; the ending worker's answer (a logout's) waits for them all.
 */
export function endingsAcrossWorkers(io: Server, sessions: Sessions, logger: Logger): SessionEndings {
  io.on(SESSION_ENDED, (sid: unknown, heard: unknown) => {
    if (typeof sid === 'string') sessions.markEnded(sid);
    if (typeof heard === 'function') (heard as () => void)();
  });
  return {
    async tell(sid) {
      try {
        await io.serverSideEmitWithAck(SESSION_ENDED, sid);
      } catch (error) {
        // A worker that did not answer within the adapter's 5 s (stuck, or stopping) still asks identity about each
        // session it confirmed once SESSION_RECHECK_MS has passed, and identity has it ended.
        logger.error({ err: error }, 'a worker did not confirm that it refuses an ended session');
      }
    },
  };
}
