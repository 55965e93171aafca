import { engineConfigSchema, loadConfig, port, serviceTokenConfigShape } from '@tip/platform';
import { z } from 'zod';

/** The messaging process's settings, read from the environment; a bad value names its variable. */
export const messagingConfigSchema = engineConfigSchema.extend({
  /** The gRPC port, on all interfaces (the container's network decides who reaches it). */
  GRPC_PORT: port(50054),
  /** The secret every caller signs its calls with (and messaging its own, to the wallet). */
  ...serviceTokenConfigShape,
  /** Where the wallet answers (host:port): messaging charges a message's credits there. */
  WALLET_ADDR: z.string().min(1).default('wallet:50052'),
});
export type MessagingConfig = z.infer<typeof messagingConfigSchema>;

export function readMessagingConfig(env: NodeJS.ProcessEnv = process.env): MessagingConfig {
  return loadConfig(messagingConfigSchema, env);
}
