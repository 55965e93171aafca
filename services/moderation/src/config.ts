import { engineConfigSchema, loadConfig, port, serviceTokenConfigShape } from '@tip/platform';
import type { z } from 'zod';

/** The moderation process's settings, read from the environment; a bad value names its variable. */
export const moderationConfigSchema = engineConfigSchema.extend({
  /** The gRPC port, on all interfaces (the container's network decides who reaches it). */
  GRPC_PORT: port(50055),
  /** The secret the BFF signs its calls with; a call without a valid token is refused. */
  ...serviceTokenConfigShape,
});
export type ModerationConfig = z.infer<typeof moderationConfigSchema>;

export function readModerationConfig(env: NodeJS.ProcessEnv = process.env): ModerationConfig {
  return loadConfig(moderationConfigSchema, env);
}
