/**
 * The demo provider's cards: Stripe's test numbers, with the outcome Stripe gives each, so that the embedded
 * checkout behaves like the real one without any network. No real card is ever charged: any other number is refused.
 */
export type DemoCardOutcome =
  | 'succeeded'
  | 'card_declined'
  | 'insufficient_funds'
  | 'expired_card'
  | 'incorrect_cvc'
  | 'invalid_number'
  | 'invalid_expiry'
  | 'invalid_cvc';

const TEST_CARDS: Record<string, DemoCardOutcome> = {
  '4242424242424242': 'succeeded',
  '5555555555554444': 'succeeded',
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
  '4000000000000127': 'incorrect_cvc',
};

export interface DemoCard {
  number: string;
  /** MM/YY */
  expiry: string;
  cvc: string;
}

/** Luhn's check digit: catches a mistyped number before it is "sent". */
function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function expiryValid(expiry: string, now: Date): 'ok' | 'invalid' | 'expired' {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!match) return 'invalid';
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return 'invalid';
  // A card is valid through the last day of its month.
  const endOfMonth = Date.UTC(year, month, 1);
  return endOfMonth <= now.getTime() ? 'expired' : 'ok';
}

/** What the demo provider answers for a card, as Stripe's test mode would. */
export function demoCardOutcome(card: DemoCard, now: Date): DemoCardOutcome {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) return 'invalid_number';
  const expiry = expiryValid(card.expiry, now);
  if (expiry === 'invalid') return 'invalid_expiry';
  if (expiry === 'expired') return 'expired_card';
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return 'invalid_cvc';
  return TEST_CARDS[digits] ?? 'card_declined';
}

/** The message key that tells the buyer why a card was refused. */
export function cardRefusalKey(outcome: Exclude<DemoCardOutcome, 'succeeded'>): string {
  const keys: Record<Exclude<DemoCardOutcome, 'succeeded'>, string> = {
    card_declined: 'wallet.cardDeclined',
    insufficient_funds: 'wallet.cardInsufficientFunds',
    expired_card: 'wallet.cardExpired',
    incorrect_cvc: 'wallet.cardIncorrectCvc',
    invalid_number: 'wallet.cardInvalidNumber',
    invalid_expiry: 'wallet.cardInvalidExpiry',
    invalid_cvc: 'wallet.cardInvalidCvc',
  };
  return keys[outcome];
}
