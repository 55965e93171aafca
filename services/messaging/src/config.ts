import { engineConfigSchema, loadConfig, port, serviceTokenConfigShape } from '@tip/platform';
import type { z } from 'zod';

/** The messaging process's settings, read from the environment; a bad value names its variable. */
export const messagingConfigSchema = engineConfigSchema.extend({
  /** The gRPC port, on all interfaces (the container's network decides who reaches it). */
  GRPC_PORT: port(50054),
  /** The secret the BFF signs its calls with; a call without a valid token is refused. */
  ...serviceTokenConfigShape,
});
export type MessagingConfig = z.infer<typeof messagingConfigSchema>;

export function readMessagingConfig(env: NodeJS.ProcessEnv = process.env): MessagingConfig {
  return loadConfig(messagingConfigSchema, env);
}
