import { z } from 'zod';
import { defineEvent } from '@tip/platform';

/**
 * A member's sessions (where they are signed in): keyed by the member, ids only. Not compacted (a session's events
 * say what happened, and the log's retention bounds them), and apart from `identity.users`, whose compaction keeps
 * each member's latest profile.
 */
export const IDENTITY_SESSIONS_TOPIC = 'identity.sessions';

/**
 * A session is over (the member ended it, signed out everywhere else, reset their password, or added a second
 * factor): every BFF refuses it and closes its sockets.
 */
export const SessionEnded = defineEvent({
  type: 'SessionEnded',
  version: 1,
  topic: IDENTITY_SESSIONS_TOPIC,
  schema: z.object({ userId: z.string(), sessionId: z.string() }),
});

/**
 * A member signed in from a device identity had not seen them on (another kind of device, OS or browser): the
 * notifications service tells them in the app and by push. Identity mails them itself.
 */
export const NewDeviceSignedIn = defineEvent({
  type: 'NewDeviceSignedIn',
  version: 1,
  topic: IDENTITY_SESSIONS_TOPIC,
  schema: z.object({ userId: z.string(), sessionId: z.string() }),
});
