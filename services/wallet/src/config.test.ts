import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '@tip/platform';
import { readWalletConfig as readWith, stripeSettings } from './config.js';

const SERVICE_TOKEN_SECRET = 'a-service-token-secret-of-32-characters!';
/** The wallet's config with the service token secret every service needs. */
const readWalletConfig = (env: NodeJS.ProcessEnv) => readWith({ SERVICE_TOKEN_SECRET, ...env });

const stripe = {
  STRIPE_SECRET_KEY: 'sk_test_1',
  STRIPE_WEBHOOK_SECRET: 'whsec_1',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
};

describe('readWalletConfig', () => {
  it('has defaults for everything but the service token secret, and the demo provider without Stripe keys', () => {
    const config = readWalletConfig({});
    expect(config).toMatchObject({ GRPC_PORT: 50052, DATA_DIR: './data' });
    expect(stripeSettings(config)).toBeUndefined();
    expect(stripeSettings(readWalletConfig({ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' }))).toBeUndefined();
    expect(() => readWith({})).toThrow(/SERVICE_TOKEN_SECRET/);
  });

  it('takes Stripe when all three keys are set, and its API address for a local stand-in', () => {
    expect(stripeSettings(readWalletConfig(stripe))).toEqual({
      secretKey: 'sk_test_1',
      webhookSecret: 'whsec_1',
      publishableKey: 'pk_test_1',
    });
    expect(stripeSettings(readWalletConfig({ ...stripe, STRIPE_API_URL: 'http://127.0.0.1:12111' }))).toMatchObject({
      apiUrl: 'http://127.0.0.1:12111/',
    });
  });

  it('refuses one or two of the three Stripe keys, naming them', () => {
    for (const missing of Object.keys(stripe)) {
      const partial = { ...stripe, [missing]: '' };
      expect(() => readWalletConfig(partial)).toThrow(ConfigError);
      expect(() => readWalletConfig(partial)).toThrow(
        /STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PUBLISHABLE_KEY/,
      );
    }
    expect(() => readWalletConfig({ STRIPE_API_URL: 'not a url' })).toThrow(/STRIPE_API_URL/);
    expect(() => readWalletConfig({ GRPC_PORT: 'x' })).toThrow(/GRPC_PORT/);
  });
});
