import { engineConfigSchema, loadConfig, port, serviceTokenConfigShape } from '@tip/platform';
import type { z } from 'zod';

/** The notifications process's settings, read from the environment; a bad value names its variable. */
export const notificationsConfigSchema = engineConfigSchema.extend({
  /** The gRPC port, on all interfaces (the container's network decides who reaches it). */
  GRPC_PORT: port(50056),
  /** The secret every caller signs its calls with. */
  ...serviceTokenConfigShape,
});
export type NotificationsConfig = z.infer<typeof notificationsConfigSchema>;

export function readNotificationsConfig(env: NodeJS.ProcessEnv = process.env): NotificationsConfig {
  return loadConfig(notificationsConfigSchema, env);
}
