import { isIP } from 'node:net';
import { z } from 'zod';
import {
  ConfigError,
  engineConfigSchema,
  optionalHttpUrl,
  optionalString,
  port,
  serviceTokenConfigShape,
} from '@tip/platform';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const seconds = (fallback: number) => z.coerce.number().positive().default(fallback);

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One entry of a proxy list as proxy-addr (Express) reads it: a name, an address, or a subnet by prefix or mask. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', range, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (range === undefined) return true;
  if (/^\d+$/.test(range)) return Number(range) <= (version === 4 ? 32 : 128);
  return version === 4 && isIP(range) === 4;
}

/** `TRUST_PROXY` as Express takes it: a hop count, true/false, or a list of addresses and subnets. */
const trustProxy = z
  .preprocess((value) => (value === '' ? undefined : value), z.string().default('loopback'))
  .refine(
    (value) => /^(true|false|\d+)$/.test(value) || value.split(',').every((entry) => isProxyEntry(entry.trim())),
    'must be true, false, a hop count, or a list of addresses, subnets, loopback, linklocal or uniquelocal',
  )
  .transform((value): boolean | number | string => {
    if (value === 'true') return true;
    if (value === 'false') return false;
    return /^\d+$/.test(value) ? Number(value) : value;
  });

/** What the BFF reads from the environment, whichever process hosts it. */
export const bffConfigSchema = z.object({
  PORT: port(3000),
  /** The address browsers use; Google's redirect URI and the Secure cookie flag follow it. */
  PUBLIC_URL: optionalHttpUrl(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters'),
  GOOGLE_CLIENT_ID: optionalString(),
  GOOGLE_CLIENT_SECRET: optionalString(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  /** Production unless told otherwise: a host started with the README's command is safe as it is. */
  NODE_ENV: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(['development', 'production', 'test']).default('production'),
  ),
  /** `1`: the console's test data and quick-login, for trying the console out; refused in production. */
  ENABLE_TEST_DATA: z
    .preprocess((value) => (value === '' ? undefined : value), z.enum(['0', '1']).default('0'))
    .transform((value) => value === '1'),
  /** The built web app; served when the folder exists. */
  WEB_DIST: z.string().min(1).default('web/dist'),
  TRUST_PROXY: trustProxy,
  LOGIN_LIMIT_PER_ADDRESS: positiveInt(30),
  LOGIN_LIMIT_PER_ACCOUNT: positiveInt(5),
  LOGIN_LIMIT_WINDOW_SECONDS: seconds(15 * 60),
  REGISTER_LIMIT_PER_ADDRESS: positiveInt(10),
  REGISTER_LIMIT_WINDOW_SECONDS: seconds(60 * 60),
  /** Mails a member or an address may ask for (a new confirmation code, a reset link), and an address's requests. */
  MAIL_LIMIT_PER_ACCOUNT: positiveInt(5),
  MAIL_LIMIT_PER_ADDRESS: positiveInt(20),
  MAIL_LIMIT_WINDOW_SECONDS: seconds(60 * 60),
  /**
   * Writes (every POST, PUT, PATCH and DELETE but login, registration and Stripe's webhook) per member and per
   * address in one window, by group (bff/src/http/rate-limits.ts lists each group's routes, the README too). An
   * address's limit is ten members' worth, for members sharing one (an office, a carrier's NAT).
   */
  WRITE_LIMIT_WINDOW_SECONDS: seconds(60),
  MESSAGES_LIMIT_PER_MEMBER: positiveInt(60),
  MESSAGES_LIMIT_PER_ADDRESS: positiveInt(600),
  POSTS_LIMIT_PER_MEMBER: positiveInt(5),
  POSTS_LIMIT_PER_ADDRESS: positiveInt(50),
  COMMENTS_LIMIT_PER_MEMBER: positiveInt(20),
  COMMENTS_LIMIT_PER_ADDRESS: positiveInt(200),
  LIKES_LIMIT_PER_MEMBER: positiveInt(60),
  LIKES_LIMIT_PER_ADDRESS: positiveInt(600),
  REPORTS_LIMIT_PER_MEMBER: positiveInt(10),
  REPORTS_LIMIT_PER_ADDRESS: positiveInt(100),
  PAYMENTS_LIMIT_PER_MEMBER: positiveInt(20),
  PAYMENTS_LIMIT_PER_ADDRESS: positiveInt(200),
  ACCOUNT_LIMIT_PER_MEMBER: positiveInt(30),
  ACCOUNT_LIMIT_PER_ADDRESS: positiveInt(300),
  STATUS_LIMIT_PER_MEMBER: positiveInt(120),
  STATUS_LIMIT_PER_ADDRESS: positiveInt(1200),
  ADMIN_LIMIT_PER_MEMBER: positiveInt(120),
  ADMIN_LIMIT_PER_ADDRESS: positiveInt(600),
  /**
   * Admission control (bff/src/admission): past either threshold a request is refused at once with 503 and
   * Retry-After instead of queueing; a session with this many requests unanswered is refused with 429.
   */
  ADMISSION_MAX_EVENT_LOOP_DELAY_MS: positiveInt(50),
  ADMISSION_MAX_IN_FLIGHT: positiveInt(32),
  ADMISSION_MAX_IN_FLIGHT_PER_MEMBER: positiveInt(16),
});
export type BffConfig = z.infer<typeof bffConfigSchema>;

/**
 * Whether the console's test data and quick-login are served: only when asked for (ENABLE_TEST_DATA=1) outside
 * production. Asked for in production, the start stops, naming the variable, rather than serving them or silently not.
 */
export function testDataEnabled(config: Pick<BffConfig, 'NODE_ENV' | 'ENABLE_TEST_DATA'>): boolean {
  if (config.ENABLE_TEST_DATA && config.NODE_ENV === 'production')
    throw new ConfigError([
      'ENABLE_TEST_DATA: test data and quick-login are refused in production; set NODE_ENV=development to use them',
    ]);
  return config.ENABLE_TEST_DATA;
}

/** The BFF as its own process (distributed mode): it reaches identity over the network. */
export const standaloneBffConfigSchema = bffConfigSchema.extend({
  IDENTITY_ADDR: z.string().min(1),
  WALLET_ADDR: z.string().min(1),
  CONTENT_ADDR: z.string().min(1),
  MESSAGING_ADDR: z.string().min(1),
  MODERATION_ADDR: z.string().min(1),
  NOTIFICATIONS_ADDR: z.string().min(1),
  /**
   * Names this replica's consumer groups of the services' events (`bff-<name>-users`...). Each replica pushes to its
   * own sockets, so each must consume every event in a group of its own: by default the groups are named after the
   * host (one replica per container or pod); replicas that share a host (npm run start:distributed) each need a name.
   */
  BFF_REPLICA_NAME: optionalString(),
  /** Signs the token every call to a service carries; each service checks it against the same secret. */
  ...serviceTokenConfigShape,
  ...engineConfigSchema.shape,
});
export type StandaloneBffConfig = z.infer<typeof standaloneBffConfigSchema>;
