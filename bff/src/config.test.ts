import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from '@tip/platform';
import { bffConfigSchema, standaloneBffConfigSchema, testDataEnabled } from './config.js';

const read = (env: Record<string, string>) =>
  loadConfig(bffConfigSchema, { SESSION_SECRET: 'a-session-secret-of-thirty-two-characters', ...env });

describe('the BFF configuration', () => {
  it('is production unless told otherwise, without test data', () => {
    expect(read({})).toMatchObject({ NODE_ENV: 'production', ENABLE_TEST_DATA: false });
    expect(testDataEnabled(read({}))).toBe(false);
    expect(testDataEnabled(read({ NODE_ENV: 'development' }))).toBe(false);
  });

  it('serves test data only when asked for outside production, and stops a production start that asks', () => {
    expect(testDataEnabled(read({ NODE_ENV: 'development', ENABLE_TEST_DATA: '1' }))).toBe(true);
    expect(testDataEnabled(read({ NODE_ENV: 'test', ENABLE_TEST_DATA: '1' }))).toBe(true);
    expect(() => testDataEnabled(read({ ENABLE_TEST_DATA: '1' }))).toThrow(ConfigError);
    expect(() => testDataEnabled(read({ NODE_ENV: 'production', ENABLE_TEST_DATA: '1' }))).toThrow(
      /ENABLE_TEST_DATA: test data and quick-login are refused in production/,
    );
    for (const ENABLE_TEST_DATA of ['yes', 'true', '2'])
      expect(() => read({ ENABLE_TEST_DATA })).toThrow(/ENABLE_TEST_DATA/);
  });

  it('takes PUBLIC_URL only as an http(s) address, with its scheme as Secure cookies need to see it', () => {
    expect(read({ PUBLIC_URL: 'HTTPS://Tip.Example.com' }).PUBLIC_URL).toMatch(/^https:\/\/tip\.example\.com/);
    expect(read({ PUBLIC_URL: 'http://localhost:3000' }).PUBLIC_URL).toMatch(/^http:\/\/localhost:3000/);
    for (const PUBLIC_URL of ['localhost:3000', 'tip.example.com:443', 'javascript:alert(1)', 'ftp://tip.example']) {
      expect(() => read({ PUBLIC_URL })).toThrow(ConfigError);
      expect(() => read({ PUBLIC_URL })).toThrow(/PUBLIC_URL/);
    }
  });

  it('reads TRUST_PROXY as Express does, and names it when Express could not', () => {
    expect(read({}).TRUST_PROXY).toBe('loopback');
    expect(read({ TRUST_PROXY: '' }).TRUST_PROXY).toBe('loopback');
    expect(read({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(read({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(read({ TRUST_PROXY: 'loopback, 10.0.0.0/8, fd00::/8, 192.168.1.1/255.255.255.0' }).TRUST_PROXY).toBe(
      'loopback, 10.0.0.0/8, fd00::/8, 192.168.1.1/255.255.255.0',
    );
    for (const TRUST_PROXY of ['loopbak', '10.0.0.0/33', 'yes', '10.0.0.1,']) {
      expect(() => read({ TRUST_PROXY })).toThrow(/TRUST_PROXY/);
    }
  });

  it("needs, alone, the services' addresses and the secret its calls to them are signed with (32 characters or more)", () => {
    const standalone = {
      SESSION_SECRET: 'a-session-secret-of-thirty-two-characters',
      IDENTITY_ADDR: 'identity:50051',
      WALLET_ADDR: 'wallet:50052',
      CONTENT_ADDR: 'content:50053',
      MESSAGING_ADDR: 'messaging:50054',
      MODERATION_ADDR: 'moderation:50055',
      NOTIFICATIONS_ADDR: 'notifications:50056',
    };
    const SERVICE_TOKEN_SECRET = 'a-service-token-secret-of-32-characters!';
    expect(loadConfig(standaloneBffConfigSchema, { ...standalone, SERVICE_TOKEN_SECRET }).SERVICE_TOKEN_SECRET).toBe(
      SERVICE_TOKEN_SECRET,
    );
    expect(() => loadConfig(standaloneBffConfigSchema, standalone)).toThrow(/SERVICE_TOKEN_SECRET/);
    expect(() => loadConfig(standaloneBffConfigSchema, { ...standalone, SERVICE_TOKEN_SECRET: 'short' })).toThrow(
      /SERVICE_TOKEN_SECRET: must be at least 32 characters/,
    );
  });
});
