import { FlaskConical } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/forms/text-field';
import { useErrorText } from '@/components/forms/use-error-text';
import { cardRefusalKey, demoCardOutcome } from '@/lib/rules';
import { confirmDemoPayment } from '../../api/confirm-demo-payment';
import { PaymentStepError, step, type PaymentFormProps } from '../../hooks/use-payment';
import { openPayment } from '../../lib/product';
import { PayButton } from './pay-button';
import { PaymentFailureNotice } from './payment-failure-notice';

type CardField = 'number' | 'expiry' | 'cvc';

/** Stripe's test numbers, which the demo provider answers as Stripe's test mode would. */
const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'declined' },
  { number: '4000 0000 0000 9995', outcome: 'insufficientFunds' },
] as const;

/** The checks the provider makes before anything is sent (format, Luhn, date, CVC); the card's fate is the server's. */
const FORM_PROBLEMS = { invalid_number: 'number', invalid_expiry: 'expiry', invalid_cvc: 'cvc' } as const;

function formProblem(card: Record<CardField, string>) {
  const outcome = demoCardOutcome(card, new Date());
  if (outcome === 'invalid_number' || outcome === 'invalid_expiry' || outcome === 'invalid_cvc')
    return { field: FORM_PROBLEMS[outcome], key: cardRefusalKey(outcome) };
  return null;
}

const digits = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);
const groupsOfFour = (value: string) => digits(value, 19).replace(/(\d{4})(?=\d)/g, '$1 ');
const monthSlashYear = (value: string) => {
  const typed = digits(value, 4);
  return typed.length > 2 ? `${typed.slice(0, 2)}/${typed.slice(2)}` : typed;
};

/**
 * The demo provider's card form (embedded mode: no Stripe, no network, no money). On submit: open the payment at
 * the server's price, pay it with the test card, and let `onPay`'s caller settle it.
 */
export function DemoCardForm({ product, processing, onPay, onInvalid, failure }: PaymentFormProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [card, setCard] = useState<Record<CardField, string>>({ number: '', expiry: '', cvc: '' });
  const [invalid, setInvalid] = useState<CardField | null>(null);

  const edit = (field: CardField, value: string) => {
    setCard((current) => ({ ...current, [field]: value }));
    if (invalid === field) setInvalid(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (processing) return;
    const problem = formProblem(card);
    setInvalid(problem?.field ?? null);
    if (problem) {
      onInvalid(new PaymentStepError('validation', errorText(problem.key)));
      return;
    }
    onPay(async () => {
      const session = await step('setup', () => openPayment(product));
      await step('payment', () =>
        confirmDemoPayment({
          paymentIntentId: session.paymentIntentId,
          cardNumber: card.number.replace(/\s/g, ''),
          expiry: card.expiry,
          cvc: card.cvc,
        }),
      );
      return session.paymentIntentId;
    });
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label={t('checkout.demo.formLabel')}>
      <div role="note" className="rounded-xl border border-sky-300/60 bg-sky-50 px-4 py-3 text-sm text-sky-950">
        <p className="flex items-center gap-2 font-semibold">
          <FlaskConical className="size-4 shrink-0" aria-hidden />
          {t('checkout.demo.title')}
        </p>
        <p className="mt-1">{t('checkout.demo.description')}</p>
        <ul className="mt-2 space-y-1">
          {TEST_CARDS.map((test) => (
            <li key={test.number} className="flex flex-wrap items-baseline gap-x-3">
              <code className="font-mono text-[0.8125rem] font-semibold whitespace-nowrap">{test.number}</code>
              <span className="ml-auto whitespace-nowrap">{t(`checkout.demo.cards.${test.outcome}`)}</span>
            </li>
          ))}
        </ul>
        <p className="mt-2 text-xs text-sky-900/80">{t('checkout.demo.anyDate')}</p>
      </div>
      <fieldset disabled={processing} className="grid grid-cols-2 gap-3">
        <TextField
          id="card-number"
          className="col-span-2"
          label={t('checkout.demo.cardNumber')}
          value={card.number}
          onChange={(event) => edit('number', groupsOfFour(event.target.value))}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          aria-invalid={invalid === 'number' || undefined}
        />
        <TextField
          id="card-expiry"
          label={t('checkout.demo.expiry')}
          value={card.expiry}
          onChange={(event) => edit('expiry', monthSlashYear(event.target.value))}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder={t('checkout.demo.expiryPlaceholder')}
          aria-invalid={invalid === 'expiry' || undefined}
        />
        <TextField
          id="card-cvc"
          label={t('checkout.demo.cvc')}
          value={card.cvc}
          onChange={(event) => edit('cvc', digits(event.target.value, 4))}
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          aria-invalid={invalid === 'cvc' || undefined}
        />
      </fieldset>
      {failure && <PaymentFailureNotice failure={failure} />}
      <PayButton product={product} processing={processing} />
    </form>
  );
}
