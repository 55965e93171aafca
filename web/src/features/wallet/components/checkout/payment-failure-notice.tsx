import { CircleAlert } from 'lucide-react';
import type { PaymentFailure } from '../../hooks/use-payment';

/** Why the last payment failed ('Pagamento Fallito' and the bank's reason), beside the card form. */
export function PaymentFailureNotice({ failure }: { failure: PaymentFailure }) {
  return (
    <div
      role="alert"
      className="flex gap-2.5 rounded-xl border border-destructive/30 bg-destructive/10 p-3 text-sm"
      data-testid="payment-failure"
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
      <div className="space-y-0.5">
        <p className="font-semibold text-destructive">{failure.title}</p>
        <p>{failure.description}</p>
      </div>
    </div>
  );
}
