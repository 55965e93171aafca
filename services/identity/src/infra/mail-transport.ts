import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '@tip/platform';
import nodemailer from 'nodemailer';
import type { ConnectionOptions } from 'node:tls';

/** One mail, rendered: the link it carries is named apart so that the embedded default can log it. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  link: string;
}

/** Where mail goes: an SMTP server, or files for a machine without one. A failed send throws (the queue retries). */
export interface MailTransport {
  /** Sends a mail to the member `userId`. */
  send(mail: OutgoingMail, userId: string): Promise<void>;
  /** Erases what this transport kept of a deleted member's mail (the files; a server keeps nothing here). */
  forget(userId: string): Promise<void>;
  close(): void;
}

/**
 * Through an SMTP server named by a URL (SMTP_URL): `smtps://` speaks TLS from the start, `smtp://` upgrades with
 * STARTTLS when the server offers it (`smtp://…?requireTLS=true` refuses a server that does not); `user:password@`
 * authenticates. `tls` is for a server whose certificate is not a public authority's (tests, a private CA).
 */
export function smtpMailTransport(options: { url: string; from: string; tls?: ConnectionOptions }): MailTransport {
  const transporter = nodemailer.createTransport({
    url: options.url,
    ...(options.tls && { tls: options.tls }),
    // A server that does not answer makes the queue retry later rather than hold a send for minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(mail) {
      await transporter.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    },
    forget: () => Promise.resolve(),
    close: () => transporter.close(),
  };
}

/**
 * The embedded default, without SMTP_URL: each mail becomes an `.eml` file in `dir/<member's id>/` (private, as the
 * whole data directory is: 0600 in 0700), and the log says where and gives its link, so that a newcomer without a
 * mail server still finishes every flow. That log line is the one place a confirmation or reset link is ever logged.
 * A deleted member's folder goes with their account: the files hold their address.
 */
export function fileMailTransport(options: { dir: string; from: string; logger: Logger }): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail, userId) {
      const info = await transporter.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      const folder = join(options.dir, userId);
      await mkdir(folder, { recursive: true, mode: 0o700 });
      const file = join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`);
      await writeFile(file, info.message, { mode: 0o600 });
      options.logger.info({ file, link: mail.link }, 'mail written to a file (no SMTP_URL); its link');
    },
    forget: (userId) => rm(join(options.dir, userId), { recursive: true, force: true }),
    close: () => transporter.close(),
  };
}
