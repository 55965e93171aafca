import {
  ConfigError,
  engineConfigSchema,
  loadConfig,
  optionalHttpUrl,
  optionalString,
  port,
  serviceTokenConfigShape,
} from '@tip/platform';
import { z } from 'zod';

/** Stripe's settings: all three keys, or none (then the demo provider takes payments). */
export const stripeConfigShape = {
  STRIPE_SECRET_KEY: optionalString(),
  STRIPE_WEBHOOK_SECRET: optionalString(),
  STRIPE_PUBLISHABLE_KEY: optionalString(),
  /** Where Stripe's API answers; only a local stand-in (tests, stripe-mock) changes it. */
  STRIPE_API_URL: optionalHttpUrl(),
};

export const DEFAULT_LEDGER_CHECK_INTERVAL_MS = 3_600_000;

/**
 * How often the wallet checks its whole ledger (CheckIntegrity), in ms: hourly by default, 0 never. At most what a
 * Node timer can wait (about 24 days).
 */
export const ledgerCheckConfigShape = {
  LEDGER_CHECK_INTERVAL_MS: z.coerce.number().int().min(0).max(2_147_483_647).default(DEFAULT_LEDGER_CHECK_INTERVAL_MS),
};

/** The wallet process's settings, read from the environment; a bad value names its variable. */
export const walletConfigSchema = engineConfigSchema.extend({
  /** The gRPC port, on all interfaces (the container's network decides who reaches it). */
  GRPC_PORT: port(50052),
  /** The secret every caller signs its calls with (and the wallet its own, to identity). */
  ...serviceTokenConfigShape,
  ...stripeConfigShape,
  ...ledgerCheckConfigShape,
  /** Where identity answers (host:port): a premium purchase takes effect there. */
  IDENTITY_ADDR: z.string().min(1).default('identity:50051'),
});
export type WalletConfig = z.infer<typeof walletConfigSchema>;

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  publishableKey: string;
  apiUrl?: string;
}

/** The Stripe settings when all three keys are set, undefined when none is; one or two of three is a mistake. */
export function stripeSettings(config: {
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_PUBLISHABLE_KEY?: string;
  STRIPE_API_URL?: string;
}): StripeSettings | undefined {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret } = config;
  const { STRIPE_PUBLISHABLE_KEY: publishableKey, STRIPE_API_URL: apiUrl } = config;
  const set = [secretKey, webhookSecret, publishableKey].filter(Boolean).length;
  if (set === 0) return undefined;
  if (!secretKey || !webhookSecret || !publishableKey) {
    throw new ConfigError(['STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PUBLISHABLE_KEY: set all three or none']);
  }
  return { secretKey, webhookSecret, publishableKey, ...(apiUrl ? { apiUrl } : {}) };
}

export function readWalletConfig(env: NodeJS.ProcessEnv = process.env): WalletConfig {
  const config = loadConfig(walletConfigSchema, env);
  stripeSettings(config);
  return config;
}
