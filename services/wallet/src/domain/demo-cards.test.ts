import { describe, expect, it } from '@jest/globals';
import { cardRefusalKey, demoCardOutcome } from './demo-cards.js';

const now = new Date('2026-06-15T12:00:00Z');
const card = (number: string, expiry = '12/30', cvc = '123') => demoCardOutcome({ number, expiry, cvc }, now);

describe('the demo provider’s test cards', () => {
  it('answers as Stripe’s test mode does', () => {
    expect(card('4242 4242 4242 4242')).toBe('succeeded');
    expect(card('4242-4242-4242-4242')).toBe('succeeded');
    expect(card('4000 0000 0000 0002')).toBe('card_declined');
    expect(card('4000 0000 0000 9995')).toBe('insufficient_funds');
  });

  it('refuses every real card: only test numbers pass', () => {
    expect(card('4111 1111 1111 1111')).toBe('card_declined');
  });

  it('checks the number, the expiry and the code before anything else', () => {
    expect(card('4242 4242 4242 4241')).toBe('invalid_number');
    expect(card('abcd')).toBe('invalid_number');
    expect(card('4242424242424242', '13/30')).toBe('invalid_expiry');
    expect(card('4242424242424242', '1230')).toBe('invalid_expiry');
    expect(card('4242424242424242', '05/26')).toBe('expired_card');
    expect(card('4242424242424242', '06/26')).toBe('succeeded');
    expect(card('4242424242424242', '12/30', '12')).toBe('invalid_cvc');
  });

  it('names a message for every refusal', () => {
    expect(cardRefusalKey('card_declined')).toBe('wallet.cardDeclined');
    expect(cardRefusalKey('insufficient_funds')).toBe('wallet.cardInsufficientFunds');
  });
});
