import { join } from 'node:path';
import { optionalHttpUrl, optionalString, type Logger } from '@tip/platform';
import { z } from 'zod';
import { fileMailTransport, smtpMailTransport, type MailTransport } from './infra/mail-transport.js';

/** The variables identity's mail reads, wherever identity runs (its own process, or the embedded platform). */
export const mailConfigShape = {
  /** `smtp://user:password@host:587` (STARTTLS when offered) or `smtps://…:465` (TLS); unset: .eml files. */
  SMTP_URL: optionalString().pipe(
    z
      .string()
      .regex(/^smtps?:\/\/[^/]/, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.string().min(3).default('Tip <no-reply@tip.community>'),
  /** Where browsers reach the platform: the links in mails start with it. */
  PUBLIC_URL: optionalHttpUrl(),
};

/** What identity needs to send mail: where it goes, and the address its links point at. */
export interface IdentityMailOptions {
  transport: MailTransport;
  publicUrl: string;
}

/** Where links point when nothing says otherwise: the BFF's default address. */
const DEFAULT_PUBLIC_URL = 'http://localhost:3000';

/**
 * SMTP when SMTP_URL is set, else `.eml` files under DATA_DIR/mail (the embedded default). Links start with
 * PUBLIC_URL, else with `fallbackUrl` (the embedded platform's own address); a process of its own without either
 * links to http://localhost:3000, and says so in its log.
 */
export function mailOptionsFrom(
  config: { SMTP_URL?: string | undefined; MAIL_FROM: string; PUBLIC_URL?: string | undefined; DATA_DIR: string },
  logger: Logger,
  fallbackUrl?: string,
): IdentityMailOptions {
  const given = config.PUBLIC_URL ?? fallbackUrl;
  if (!given) logger.warn({ publicUrl: DEFAULT_PUBLIC_URL }, 'PUBLIC_URL is not set: the links in mails point here');
  const publicUrl = (given ?? DEFAULT_PUBLIC_URL).replace(/\/+$/, '');
  const transport = config.SMTP_URL
    ? smtpMailTransport({ url: config.SMTP_URL, from: config.MAIL_FROM })
    : fileMailTransport({ dir: join(config.DATA_DIR, 'mail'), from: config.MAIL_FROM, logger });
  return { transport, publicUrl };
}
