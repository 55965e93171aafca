import { engineConfigSchema, loadConfig, port, serviceTokenConfigShape } from '@tip/platform';
import { z } from 'zod';

/** Whether new posts wait for a moderator (the default) or are published at once: docs/decisions.md#posts. */
export const postApprovalSetting = z.enum(['moderated', 'immediate']).default('moderated');

/**
 * Where videos are processed: `in-process` (this process runs the media worker beside everything else), `separate`
 * (this process leaves them to a worker deployment of its own) or `only` (this process is that worker: the media
 * step and the posts' outbox, its gRPC server answering health checks; it scales on CPU apart from the API).
 */
export const mediaWorkerSetting = z.enum(['in-process', 'separate', 'only']).default('in-process');
export type MediaWorkerRole = z.infer<typeof mediaWorkerSetting>;

/** The content process's settings, read from the environment; a bad value names its variable. */
export const contentConfigSchema = engineConfigSchema.extend({
  /** The gRPC port, on all interfaces (the container's network decides who reaches it). */
  GRPC_PORT: port(50053),
  /** The secret every caller signs its calls with (and content its own, to the wallet). */
  ...serviceTokenConfigShape,
  POST_APPROVAL: postApprovalSetting,
  MEDIA_WORKER: mediaWorkerSetting,
  /** Where the wallet answers (host:port): content charges unlocks and Telegram reveals there. */
  WALLET_ADDR: z.string().min(1).default('wallet:50052'),
});
export type ContentConfig = z.infer<typeof contentConfigSchema>;

export function readContentConfig(env: NodeJS.ProcessEnv = process.env): ContentConfig {
  return loadConfig(contentConfigSchema, env);
}
