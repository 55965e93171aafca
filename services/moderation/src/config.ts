import { engineConfigSchema, loadConfig, port, serviceTokenConfigShape } from '@tip/platform';
import { z } from 'zod';

/** The moderation process's settings, read from the environment; a bad value names its variable. */
export const moderationConfigSchema = engineConfigSchema.extend({
  /** The gRPC port, on all interfaces (the container's network decides who reaches it). */
  GRPC_PORT: port(50055),
  /** The secret every caller signs its calls with (and moderation its own, to identity and content). */
  ...serviceTokenConfigShape,
  /** Where identity and content answer (host:port): moderation applies its decisions there. */
  IDENTITY_ADDR: z.string().min(1).default('identity:50051'),
  CONTENT_ADDR: z.string().min(1).default('content:50053'),
});
export type ModerationConfig = z.infer<typeof moderationConfigSchema>;

export function readModerationConfig(env: NodeJS.ProcessEnv = process.env): ModerationConfig {
  return loadConfig(moderationConfigSchema, env);
}
