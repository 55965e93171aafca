import type { Logger } from '@tip/platform';
import { MAIL_RETRY, mailRetryDelayMs } from '../domain/mail-retry.js';
import type { MailQueue } from './mail-queue.js';
import type { MailTransport } from './mail-transport.js';

export interface MailSenderOptions {
  queue: MailQueue;
  transport: MailTransport;
  logger: Logger;
  retry?: { firstDelayMs: number; maxDelayMs: number };
  /** How long a claimed mail is this sender's before another may try it (a send that hangs, a process that died). */
  leaseMs?: number;
  /** Looks at the queue at least this often, for mails another replica queued or a dead process left. */
  pollMs?: number;
}

export interface MailSender {
  stop(): Promise<void>;
}

const BATCH = 20;

/**
 * Sends what the queue holds, one mail at a time, woken by each enqueue and by the next mail's due time. A mail is
 * deleted once the transport took it; a failure puts it back with a longer wait (MAIL_RETRY), so an SMTP server
 * that is down delays mail and loses none. The request that queued it never waits for this.
 */
export function startMailSender(options: MailSenderOptions): MailSender {
  const { queue, transport, logger, retry = MAIL_RETRY, leaseMs = 60_000, pollMs = 30_000 } = options;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  const schedule = (delayMs: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(wake, Math.max(0, delayMs));
  };

  async function sendOne(mail: Awaited<ReturnType<MailQueue['due']>>[number]): Promise<void> {
    if (!(await queue.claim(mail, Date.now() + leaseMs))) return;
    try {
      await transport.send(mail, mail.userId);
      await queue.sent(mail);
    } catch (error) {
      const attempts = mail.attempts + 1;
      const delayMs = mailRetryDelayMs(attempts, retry);
      await queue.retryAt(mail._id, attempts, Date.now() + delayMs);
      // The error's message, not the mail: the address and the link stay out of the log.
      logger.warn({ mailId: mail._id, attempts, retryInMs: delayMs, reason: String(error) }, 'could not send a mail');
    }
  }

  async function pass(): Promise<void> {
    do {
      again = false;
      const due = await queue.due(Date.now(), BATCH);
      for (const mail of due) {
        if (stopped) return;
        await sendOne(mail);
      }
      if (due.length === BATCH) again = true;
    } while (again && !stopped);
    const next = await queue.nextDueAt();
    schedule(Math.min(next === undefined ? pollMs : next - Date.now(), pollMs));
  }

  function wake(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = pass()
      .catch((error: unknown) => {
        logger.error({ err: error }, 'the mail queue could not be read; trying again');
        schedule(retry.firstDelayMs);
      })
      .finally(() => {
        running = undefined;
        if (again) wake();
      });
  }

  queue.onEnqueued(wake);
  wake();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      queue.onEnqueued(() => {});
      await running;
      transport.close();
    },
  };
}
