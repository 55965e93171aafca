import { engineConfigSchema, loadConfig, port, serviceTokenConfigShape } from '@tip/platform';
import { z } from 'zod';

export const DEFAULT_PREMIUM_SWEEP_INTERVAL_MS = 60_000;

/** The notifications process's settings, read from the environment; a bad value names its variable. */
export const notificationsConfigSchema = engineConfigSchema.extend({
  /** The gRPC port, on all interfaces (the container's network decides who reaches it). */
  GRPC_PORT: port(50056),
  /** The secret every caller signs its calls with. */
  ...serviceTokenConfigShape,
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
});
export type NotificationsConfig = z.infer<typeof notificationsConfigSchema>;

export function readNotificationsConfig(env: NodeJS.ProcessEnv = process.env): NotificationsConfig {
  return loadConfig(notificationsConfigSchema, env);
}
