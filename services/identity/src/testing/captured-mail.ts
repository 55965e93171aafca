import { waitFor } from '@tip/platform/testing';
import type { OutgoingMail } from '../infra/mail-transport.js';
import type { IdentityMailOptions } from '../mail-settings.js';

/** Identity's mail kept in memory, for tests that read what was sent (or ignore it). */
export interface CapturedMail extends IdentityMailOptions {
  sent: OutgoingMail[];
  /** The latest mail to `to` once there is one more than `after` (by default: any). */
  nextTo(to: string, after?: number): Promise<OutgoingMail>;
  countTo(to: string): number;
}

export function capturedMail(publicUrl = 'http://tip.test'): CapturedMail {
  const sent: OutgoingMail[] = [];
  const to = (address: string) => sent.filter((mail) => mail.to === address);
  return {
    publicUrl,
    sent,
    transport: {
      send: (mail) => {
        sent.push(mail);
        return Promise.resolve();
      },
      forget: () => Promise.resolve(),
      close: () => {},
    },
    countTo: (address) => to(address).length,
    async nextTo(address, after = 0) {
      await waitFor(() => to(address).length > after, 5000, `a mail to ${address}`);
      return to(address).at(-1) as OutgoingMail;
    },
  };
}
