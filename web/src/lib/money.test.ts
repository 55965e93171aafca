import { describe, expect, it } from '@jest/globals';
import { formatEuro, formatMonths, formatSignedCredits } from './money';

describe('formatEuro', () => {
  it('writes euro in every language, in that language’s way', () => {
    expect(formatEuro(999, 'it')).toBe('9,99\u00a0€');
    expect(formatEuro(999, 'en')).toBe('€9.99');
    expect(formatEuro(3499, 'de')).toBe('34,99\u00a0€');
    for (const language of ['es', 'fr']) expect(formatEuro(2000, language)).toContain('€');
    expect(formatEuro(2000, 'en')).not.toContain('$');
  });
});

describe('formatMonths', () => {
  it('follows the language’s plural rules', () => {
    expect(formatMonths(1, 'it')).toBe('1 mese');
    expect(formatMonths(6, 'it')).toBe('6 mesi');
    expect(formatMonths(12, 'en')).toBe('12 months');
  });
});

describe('formatSignedCredits', () => {
  it('signs credits and debits, not zero', () => {
    expect(formatSignedCredits(10, 'it')).toBe('+10');
    expect(formatSignedCredits(-2, 'it')).toBe('−2');
    expect(formatSignedCredits(0, 'it')).toBe('0');
    expect(formatSignedCredits(2500, 'en')).toBe('+2,500');
  });
});
