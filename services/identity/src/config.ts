import {
  ConfigError,
  engineConfigSchema,
  loadConfig,
  optionalString,
  port,
  serviceTokenConfigShape,
} from '@tip/platform';
import { z } from 'zod';
import type { AdminCredentials } from './app/ensure-admin.js';
import { mailConfigShape } from './mail-settings.js';
import { secondFactorConfigShape } from './second-factor-settings.js';

/** The identity process's settings, read from the environment; a bad value names its variable. */
export const identityConfigSchema = engineConfigSchema.extend({
  /** The gRPC port, on all interfaces (the container's network decides who reaches it). */
  GRPC_PORT: port(50051),
  /** The secret the BFF signs its calls with; a call without a valid token is refused. */
  ...serviceTokenConfigShape,
  ADMIN_EMAIL: optionalString().pipe(z.email('must be an e-mail address').optional()),
  ADMIN_PASSWORD: optionalString().pipe(z.string().min(6, 'must have at least 6 characters').optional()),
  ...mailConfigShape,
  ...secondFactorConfigShape,
});
export type IdentityConfig = z.infer<typeof identityConfigSchema>;

/** The admin that ADMIN_EMAIL and ADMIN_PASSWORD name, if any; one without the other is a configuration error. */
export function identityAdmin(config: { ADMIN_EMAIL?: string; ADMIN_PASSWORD?: string }): AdminCredentials | undefined {
  const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = config;
  if (Boolean(email) !== Boolean(password)) throw new ConfigError(['ADMIN_EMAIL, ADMIN_PASSWORD: set both or neither']);
  return email && password ? { email, password } : undefined;
}

export function readIdentityConfig(env: NodeJS.ProcessEnv = process.env): IdentityConfig {
  const config = loadConfig(identityConfigSchema, env);
  identityAdmin(config);
  return config;
}
