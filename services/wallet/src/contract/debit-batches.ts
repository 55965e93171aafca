import { currentRequestId, fromRefusal, outsideAnyRequest, type ServiceClient } from '@tip/platform';
import type { DebitRequest } from '../generated/tip/wallet/v1/DebitRequest.js';
import type { LedgerReply__Output } from '../generated/tip/wallet/v1/LedgerReply.js';
import { DEBITS_PER_CALL, type WalletDefinition } from './grpc.js';

interface Asked {
  request: DebitRequest;
  resolve(reply: LedgerReply__Output): void;
  reject(error: unknown): void;
}

/**
 * The wallet's Debit for a service that sells (content, messaging) in its own process: the debits its requests ask
 * for while one DebitMany is on its way go together in the next, so that under load a call's cost (a gRPC round
 * trip, its encoding, its service token) is paid once for many debits, and a lone debit leaves at once. Each answers
 * as Debit would: its reply, or the DomainError the wallet refused it with (a failed call fails the debits it
 * carried, which their idempotency keys make safe to try again). Each debit carries the id of the request that asked
 * for it, for its event. The DebitMany takes the wallet client's timeout, whatever options a Debit is given.
 */
export function debitsInBatches(
  wallet: Pick<ServiceClient<WalletDefinition>, 'DebitMany'>,
): Pick<ServiceClient<WalletDefinition>, 'Debit'> {
  let waiting: Asked[] = [];
  let sending = false;
  const send = () => {
    const batch = waiting.slice(0, DEBITS_PER_CALL);
    waiting = waiting.slice(batch.length);
    sending = true;
    outsideAnyRequest(() => wallet.DebitMany({ debits: batch.map((asked) => asked.request) }))
      .then(
        ({ outcomes }) =>
          batch.forEach((asked, n) => {
            const outcome = outcomes[n];
            if (outcome?.debited) asked.resolve(outcome.debited);
            else asked.reject(fromRefusal(outcome?.refused ?? { code: 'INTERNAL', messageKey: '', params: '' }));
          }),
        (error: unknown) => batch.forEach((asked) => asked.reject(error)),
      )
      .finally(() => {
        sending = false;
        if (waiting.length > 0) send();
      });
  };
  return {
    Debit: (request) =>
      new Promise<LedgerReply__Output>((resolve, reject) => {
        waiting.push({ request: { ...request, requestId: currentRequestId() ?? '' }, resolve, reject });
        // The debits asked in the same turn of the event loop leave together.
        if (!sending && waiting.length === 1) queueMicrotask(() => !sending && send());
      }),
  };
}
