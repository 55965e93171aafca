import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from '@tip/platform';
import { bffConfigSchema } from './config.js';

const read = (env: Record<string, string>) =>
  loadConfig(bffConfigSchema, { SESSION_SECRET: 'a-session-secret-of-thirty-two-characters', ...env });

describe('the BFF configuration', () => {
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
});
