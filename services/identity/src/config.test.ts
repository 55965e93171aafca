import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '@tip/platform';
import { identityAdmin, readIdentityConfig as readWith } from './config.js';

const SERVICE_TOKEN_SECRET = 'a-service-token-secret-of-32-characters!';
/** Identity's config with the service token secret every service needs. */
const readIdentityConfig = (env: NodeJS.ProcessEnv) => readWith({ SERVICE_TOKEN_SECRET, ...env });

describe('readIdentityConfig', () => {
  it('has defaults for everything else', () => {
    expect(readIdentityConfig({})).toMatchObject({ GRPC_PORT: 50051, DATA_DIR: './data' });
    expect(readIdentityConfig({}).ADMIN_EMAIL).toBeUndefined();
  });

  it('reads the admin credentials and the port', () => {
    expect(
      readIdentityConfig({ GRPC_PORT: '6000', ADMIN_EMAIL: 'boss@tip.local', ADMIN_PASSWORD: 'boss-password' }),
    ).toMatchObject({ GRPC_PORT: 6000, ADMIN_EMAIL: 'boss@tip.local', ADMIN_PASSWORD: 'boss-password' });
  });

  it('names the variable that is wrong', () => {
    expect(() => readIdentityConfig({ ADMIN_EMAIL: 'boss', ADMIN_PASSWORD: 'boss-password' })).toThrow(/ADMIN_EMAIL/);
    expect(() => readIdentityConfig({ ADMIN_EMAIL: 'boss@tip.local', ADMIN_PASSWORD: '123' })).toThrow(
      /ADMIN_PASSWORD/,
    );
    expect(() => readIdentityConfig({ GRPC_PORT: 'http' })).toThrow(/GRPC_PORT/);
  });

  it('needs the service token secret, of at least 32 characters', () => {
    expect(readIdentityConfig({}).SERVICE_TOKEN_SECRET).toBe(SERVICE_TOKEN_SECRET);
    expect(() => readWith({})).toThrow(/SERVICE_TOKEN_SECRET/);
    expect(() => readIdentityConfig({ SERVICE_TOKEN_SECRET: 'too-short' })).toThrow(/SERVICE_TOKEN_SECRET/);
  });

  it('wants both admin settings or neither', () => {
    expect(() => readIdentityConfig({ ADMIN_EMAIL: 'boss@tip.local' })).toThrow(ConfigError);
    expect(readIdentityConfig({ ADMIN_EMAIL: '', ADMIN_PASSWORD: '' }).ADMIN_PASSWORD).toBeUndefined();
  });

  it('gives the admin credentials when both are set', () => {
    expect(identityAdmin({ ADMIN_EMAIL: 'boss@tip.local', ADMIN_PASSWORD: 'boss-password' })).toEqual({
      email: 'boss@tip.local',
      password: 'boss-password',
    });
    expect(identityAdmin({})).toBeUndefined();
    expect(() => identityAdmin({ ADMIN_PASSWORD: 'boss-password' })).toThrow(/ADMIN_EMAIL/);
  });
});
