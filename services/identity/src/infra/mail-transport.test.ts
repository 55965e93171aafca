import { afterEach, describe, expect, it } from '@jest/globals';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { startSmtpCatcher, SMTP_PASSWORD, type SmtpCatcher } from '../testing/smtp-catcher.js';
import { fileMailTransport, smtpMailTransport, type OutgoingMail } from './mail-transport.js';

const MAIL: OutgoingMail = {
  to: 'anna@example.it',
  subject: 'Conferma il tuo indirizzo e-mail su Tip',
  text: 'Ciao anna,\n\n    123456\n\nhttp://tip.test/confirm-email?token=abc\n',
  html: '<p>Ciao anna,</p><p>123456</p>',
  link: 'http://tip.test/confirm-email?token=abc',
};
// smtp-server's certificate is its own, self-signed: the client is told not to check it (a private CA's is, in use).
const SELF_SIGNED = { rejectUnauthorized: false };

let catcher: SmtpCatcher | undefined;
afterEach(async () => {
  await catcher?.stop();
  catcher = undefined;
});

describe('smtpMailTransport', () => {
  it.each([
    ['STARTTLS', false],
    ['TLS', true],
  ])('sends over %s with a password, as text and HTML', async (_name, secure) => {
    catcher = await startSmtpCatcher({ secure });
    const transport = smtpMailTransport({ url: catcher.url, from: 'Tip <no-reply@tip.test>', tls: SELF_SIGNED });
    await transport.send(MAIL, 'user-1');
    transport.close();
    const mail = await catcher.nextTo(MAIL.to);
    expect(mail.subject).toBe(MAIL.subject);
    expect(mail.from?.value[0]).toMatchObject({ name: 'Tip', address: 'no-reply@tip.test' });
    expect(mail.overTls).toBe(true);
    expect(mail.text).toContain('123456');
    expect(mail.html).toContain('<p>123456</p>');
  });

  it('refuses to send with a wrong password, and when no server answers', async () => {
    catcher = await startSmtpCatcher();
    const wrong = smtpMailTransport({
      url: catcher.url.replace(SMTP_PASSWORD, 'wrong'),
      from: 'no-reply@tip.test',
      tls: SELF_SIGNED,
    });
    await expect(wrong.send(MAIL, 'user-1')).rejects.toThrow(/Invalid username or password/);
    wrong.close();
    const { port } = catcher;
    await catcher.stop();
    catcher = undefined;
    const nobody = smtpMailTransport({ url: `smtp://127.0.0.1:${port}`, from: 'no-reply@tip.test' });
    await expect(nobody.send(MAIL, 'user-1')).rejects.toThrow(/ECONNREFUSED/);
    nobody.close();
  });
});

describe('fileMailTransport', () => {
  it("writes each mail as a private .eml file in its member's folder, logs its link, and forgets a member", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'tip-mail-'));
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    try {
      const dir = join(dataDir, 'mail');
      const transport = fileMailTransport({ dir, from: 'Tip <no-reply@tip.test>', logger });
      await transport.send(MAIL, 'user-1');
      await transport.send({ ...MAIL, to: 'bruno@example.it' }, 'user-2');
      expect((await readdir(dir)).sort()).toEqual(['user-1', 'user-2']);
      const files = await readdir(join(dir, 'user-1'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      expect((await stat(join(dir, 'user-1'))).mode & 0o777).toBe(0o700);
      const file = join(dir, 'user-1', files[0] ?? '');
      const eml = await readFile(file, 'utf8');
      expect(eml).toMatch(/^To: anna@example\.it$/m);
      expect(eml).toContain('123456');
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      const logged = lines.map((line) => JSON.parse(line) as { link?: string; file?: string });
      expect(logged.map((entry) => entry.link)).toEqual([MAIL.link, MAIL.link]);
      // The line names the file and the link, never the address or the code.
      expect(lines.join('')).not.toContain('anna@example.it');
      expect(lines.join('')).not.toContain('123456');
      await transport.forget('user-1');
      expect(await readdir(dir)).toEqual(['user-2']);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
