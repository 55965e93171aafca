import {
  ConfigError,
  engineConfigSchema,
  loadConfig,
  optionalString,
  port,
  serviceTokenConfigShape,
} from '@tip/platform';
import { z } from 'zod';
import { isPushServiceHostPattern, KNOWN_PUSH_SERVICE_HOSTS } from './domain/push-services.js';

export const DEFAULT_PREMIUM_SWEEP_INTERVAL_MS = 60_000;

export const DEFAULT_PUSH_HOLD_MS = 4000;
export const DEFAULT_VAPID_SUBJECT = 'mailto:admin@tip.local';

/**
 * What notifications is told in every shape (its own process, `npm start`): Web Push's VAPID key pair (both or
 * neither: without them a pair is generated once and kept in the service's store), the address push services may
 * write to about this server's pushes, how long a message's notification waits before it goes to the devices
 * (dropped if the member read it meanwhile: they had the thread open), and how often premium's moments are looked for.
 */
export const notificationsSettingsShape = {
  VAPID_PUBLIC_KEY: optionalString(),
  VAPID_PRIVATE_KEY: optionalString(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'a mailto: or https:// address')
    .default(DEFAULT_VAPID_SUBJECT),
  /**
   * The push services' hosts a device's subscription may name (comma-separated; `*.` admits any name under a domain),
   * replacing the known browsers' services. An IP address on it is admitted too, host and address: only for a local
   * push service's stand-in (tests, benches), never by default.
   */
  PUSH_SERVICE_HOSTS: z
    .preprocess((value) => (value === '' ? undefined : value), z.string().default(KNOWN_PUSH_SERVICE_HOSTS.join(',')))
    .transform((value) => value.split(',').map((host) => host.trim().toLowerCase()))
    .refine(
      (hosts) => hosts.every(isPushServiceHostPattern),
      'a comma-separated list of host names (*.example.com for any under it) or IP addresses',
    ),
  PUSH_HOLD_MS: z.coerce.number().int().min(0).max(60_000).default(DEFAULT_PUSH_HOLD_MS),
  /**
   * How often, in ms, members whose premium ends in three days or ends now are looked for (an index range each time):
   * a member hears of it at most this long after its moment. At most what a Node timer can wait.
   */
  PREMIUM_SWEEP_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(1)
    .max(2_147_483_647)
    .default(DEFAULT_PREMIUM_SWEEP_INTERVAL_MS),
};

/** The notifications process's settings, read from the environment; a bad value names its variable. */
export const notificationsConfigSchema = engineConfigSchema.extend({
  /** The gRPC port, on all interfaces (the container's network decides who reaches it). */
  GRPC_PORT: port(50056),
  /** The secret every caller signs its calls with. */
  ...serviceTokenConfigShape,
  ...notificationsSettingsShape,
  /** Where messaging answers (host:port): asked for a message's text when a member wants previews on their devices. */
  MESSAGING_ADDR: z.string().min(1).default('messaging:50054'),
});
export type NotificationsConfig = z.infer<typeof notificationsConfigSchema>;

export function readNotificationsConfig(env: NodeJS.ProcessEnv = process.env): NotificationsConfig {
  const config = loadConfig(notificationsConfigSchema, env);
  notificationsSettings(config);
  return config;
}

/** The service's options from those settings; one VAPID key of two is a mistake. */
export function notificationsSettings(config: z.infer<z.ZodObject<typeof notificationsSettingsShape>>) {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = config;
  if (Boolean(publicKey) !== Boolean(privateKey))
    throw new ConfigError(['VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither']);
  return {
    vapid: { publicKey, privateKey, subject },
    pushHoldMs: config.PUSH_HOLD_MS,
    pushServiceHosts: config.PUSH_SERVICE_HOSTS,
    premiumSweepIntervalMs: config.PREMIUM_SWEEP_INTERVAL_MS,
  };
}
