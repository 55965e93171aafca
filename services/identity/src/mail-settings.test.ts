import { describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { readIdentityConfig } from './config.js';
import { mailOptionsFrom } from './mail-settings.js';

const base = { MAIL_FROM: 'Tip <no-reply@tip.test>', DATA_DIR: '/tmp/tip-mail-settings' };

function logged() {
  const lines: string[] = [];
  return { lines, logger: pino({ level: 'info' }, { write: (line: string) => void lines.push(line) }) };
}

describe('mail settings', () => {
  it('start links with PUBLIC_URL, else the platform’s own address, else localhost:3000 with a warning', () => {
    const { logger, lines } = logged();
    expect(mailOptionsFrom({ ...base, PUBLIC_URL: 'https://tip.example.com/' }, logger).publicUrl).toBe(
      'https://tip.example.com',
    );
    expect(mailOptionsFrom(base, logger, 'http://localhost:8080').publicUrl).toBe('http://localhost:8080');
    expect(lines).toEqual([]);
    expect(mailOptionsFrom(base, logger).publicUrl).toBe('http://localhost:3000');
    expect(lines.join('')).toContain('PUBLIC_URL is not set');
  });

  it('refuse an SMTP_URL that is not smtp:// or smtps://, naming the variable', () => {
    const env = { SERVICE_TOKEN_SECRET: 'x'.repeat(40) };
    expect(() => readIdentityConfig({ ...env, SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL/);
    expect(readIdentityConfig({ ...env, SMTP_URL: 'smtps://u:p@mail.example.com:465' }).SMTP_URL).toBe(
      'smtps://u:p@mail.example.com:465',
    );
    expect(readIdentityConfig(env).MAIL_FROM).toBe('Tip <no-reply@tip.community>');
  });
});
