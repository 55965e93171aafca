import { z } from 'zod';

/** The kinds of device identity tells sessions apart by ('other': a script, no User-Agent). */
export const SESSION_DEVICES = ['desktop', 'mobile', 'tablet', 'tv', 'other'] as const;

/** One place the member is signed in, as GET /api/auth/sessions lists it; `current` is the asking browser's. */
export const sessionSchema = z.strictObject({
  id: z.string(),
  device: z.enum(SESSION_DEVICES),
  /** The browser's and the OS's names as the User-Agent gave them; '' when it did not. */
  browser: z.string(),
  os: z.string(),
  firstSeenAt: z.string(),
  /** Updated at most every few minutes. */
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type SignedInSession = z.infer<typeof sessionSchema>;

export const sessionListSchema = z.strictObject({ success: z.boolean(), sessions: z.array(sessionSchema) });
export type SessionList = z.infer<typeof sessionListSchema>;

/** 'Sign out everywhere else': how many sessions it ended. */
export const sessionsEndedSchema = z.strictObject({
  success: z.boolean(),
  message: z.string(),
  count: z.number().int(),
});
export type SessionsEnded = z.infer<typeof sessionsEndedSchema>;
