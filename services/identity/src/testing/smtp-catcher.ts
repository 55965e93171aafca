import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { waitFor } from '@tip/platform/testing';

/** A real SMTP server for tests (smtp-server), keeping each mail it accepted, parsed. */
export interface SmtpCatcher {
  port: number;
  /** The SMTP_URL that reaches it, with its user and password when it asks for them. */
  url: string;
  received: CaughtMail[];
  /** The latest mail to `to` once more than `after` have come to it. */
  nextTo(to: string, after?: number): Promise<CaughtMail>;
  countTo(to: string): number;
  stop(): Promise<void>;
}

/** A mail as received, and whether its connection was encrypted (TLS, or upgraded by STARTTLS) when it came. */
export type CaughtMail = ParsedMail & { overTls: boolean };

export const SMTP_USER = 'tip';
export const SMTP_PASSWORD = 'smtp-secret';

/**
 * `secure`: TLS from the first byte (smtps); otherwise plain with STARTTLS offered. Both with smtp-server's own
 * self-signed certificate (clients must not check it) and a password required. `plain`: no TLS offered at all, the
 * password taken in the clear, for a platform process a test cannot tell to trust that certificate (loopback only).
 * `port` reuses a port (a server that comes back).
 */
export async function startSmtpCatcher(
  options: { secure?: boolean; plain?: boolean; port?: number } = {},
): Promise<SmtpCatcher> {
  const received: CaughtMail[] = [];
  const server = new SMTPServer({
    secure: options.secure ?? false,
    authOptional: false,
    ...(options.plain && { hideSTARTTLS: true, allowInsecureAuth: true }),
    disabledCommands: [],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(Object.assign(mail, { overTls: session.secure }));
          callback();
        })
        .catch((error: unknown) => callback(error as Error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  const to = (address: string) =>
    received.filter((mail) => [mail.to ?? []].flat().some((entry) => entry.value.some((a) => a.address === address)));
  return {
    port,
    url: `${options.secure ? 'smtps' : 'smtp'}://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${port}`,
    received,
    countTo: (address) => to(address).length,
    async nextTo(address, after = 0) {
      await waitFor(() => to(address).length > after, 10_000, `a mail to ${address}`);
      return to(address).at(-1) as CaughtMail;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
