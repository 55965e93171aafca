import { randomBytes } from 'node:crypto';
import { DomainError } from '@tip/platform';
import { NewDeviceSignedIn, SessionEnded } from '../contract/session-events.js';
import { deviceKey, lastSeenIsStale } from '../domain/session-device.js';
import { describeUserAgent } from '../infra/user-agent.js';
import type { SessionDocument } from '../infra/session-repository.js';
import type { CallInfo, IdentityContext } from './context.js';
import { queueMail } from './queue-mail.js';

/** As long as the BFF's session cookie (seven days): past it the record is only waiting to be purged. */
const SESSION_LIFETIME_MS = 7 * 24 * 3600_000;

/** A live session as its member sees it. */
export interface SessionView {
  id: string;
  device: string;
  browser: string;
  os: string;
  firstSeenAt: string;
  lastSeenAt: string;
}

const view = (session: SessionDocument): SessionView => ({
  id: session._id,
  device: session.device,
  browser: session.browser,
  os: session.os,
  firstSeenAt: session.firstSeenAt,
  lastSeenAt: session.lastSeenAt,
});

const isLive = (session: SessionDocument, now: Date) =>
  !session.endedAt && Date.parse(session.expiresAt) > now.getTime();

/**
 * A sign-in's session, recorded with where it runs (from its User-Agent). A device the member had not signed in from
 * before, when they had signed in from another, is told of: by mail here, in the app and by push through
 * NewDeviceSignedIn. The first device of all (registering, or the first sign-in since sessions were recorded) is not.
 */
export async function startSession(
  context: IdentityContext,
  input: { userId: string; userAgent: string },
  call: CallInfo,
): Promise<{ sessionId: string; newDevice: boolean }> {
  const user = await context.users.get(input.userId);
  const now = new Date();
  const device = describeUserAgent(input.userAgent);
  const newDevice = (await context.sessions.rememberDevice(user._id, deviceKey(device), now)) === 'new';
  const sessionId = randomBytes(18).toString('base64url');
  const at = now.toISOString();
  await context.sessions.start(
    {
      _id: sessionId,
      userId: user._id,
      ...device,
      firstSeenAt: at,
      lastSeenAt: at,
      expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS).toISOString(),
    },
    newDevice ? [NewDeviceSignedIn.create(user._id, { userId: user._id, sessionId }, call.correlationId)] : [],
  );
  if (newDevice) {
    await queueMail(context, user, (username) => ({
      kind: 'newDevice',
      username,
      link: `${context.mail.publicUrl}/profile`,
      browser: device.browser,
      os: device.os,
    }));
  }
  await context.sessions.purgeExpired(user._id, now);
  return { sessionId, newDevice };
}

/**
 * Whether the member's session is live; marks it seen now, at most once per LAST_SEEN_RESOLUTION_MS (the BFF asks
 * about as often), so that a request does not cost a write.
 */
export async function touchSession(context: IdentityContext, userId: string, sessionId: string): Promise<boolean> {
  const session = await context.sessions.find(sessionId);
  const now = new Date();
  if (!session || session.userId !== userId || !isLive(session, now)) return false;
  if (lastSeenIsStale(session.lastSeenAt, now)) await context.sessions.seen(session, now);
  return true;
}

/** The member's live sessions, the longest-standing first. */
export async function listSessions(context: IdentityContext, userId: string): Promise<SessionView[]> {
  const now = new Date();
  return (await context.sessions.live(userId)).filter((session) => isLive(session, now)).map(view);
}

/** Ends one of the member's sessions; NOT_FOUND when it is not theirs or not live. */
export async function endSession(
  context: IdentityContext,
  userId: string,
  sessionId: string,
  call: CallInfo,
): Promise<void> {
  const session = await context.sessions.find(sessionId);
  const now = new Date();
  if (!session || session.userId !== userId || !isLive(session, now)) {
    throw new DomainError('NOT_FOUND', 'identity.sessionNotFound');
  }
  await context.sessions.end(sessionId, now, [SessionEnded.create(userId, { userId, sessionId }, call.correlationId)]);
}

/**
 * Ends every live session of the member but `keepSessionId` (all of them when it is ''): 'sign out everywhere else',
 * a password reset, and a second factor added call it. Returns the ids of those it ended.
 */
export async function endOtherSessions(
  context: IdentityContext,
  userId: string,
  keepSessionId: string,
  call: CallInfo,
): Promise<string[]> {
  const now = new Date();
  const others = (await context.sessions.live(userId)).filter((session) => session._id !== keepSessionId);
  const ended = await Promise.all(
    others.map(async (session) => {
      const event = SessionEnded.create(userId, { userId, sessionId: session._id }, call.correlationId);
      return (await context.sessions.end(session._id, now, [event])) ? [session._id] : [];
    }),
  );
  return ended.flat();
}
