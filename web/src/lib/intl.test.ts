import { describe, expect, it } from '@jest/globals';
import { dateTimeFormat, numberFormat, relativeTimeFormat } from './intl';

describe('the kept Intl formatters', () => {
  it('makes one formatter per language and options, and formats as a new one would', () => {
    const options = { day: 'numeric', month: 'long', year: 'numeric' } as const;
    expect(dateTimeFormat('it', options)).toBe(dateTimeFormat('it', { ...options }));
    expect(dateTimeFormat('it', options)).not.toBe(dateTimeFormat('de', options));
    expect(dateTimeFormat('it', options)).not.toBe(dateTimeFormat('it', { ...options, month: 'short' }));
    const date = new Date('2027-03-12T14:05:00Z');
    expect(dateTimeFormat('it', options).format(date)).toBe(new Intl.DateTimeFormat('it', options).format(date));
  });

  it('keeps number and relative-time formatters apart from date ones with the same options', () => {
    expect(numberFormat('it')).toBe(numberFormat('it', {}));
    expect(numberFormat('it').format(1234.5)).toBe(new Intl.NumberFormat('it').format(1234.5));
    expect(relativeTimeFormat('it')).not.toBe(numberFormat('it'));
    expect(relativeTimeFormat('fr', { numeric: 'always' }).format(-2, 'day')).toBe('il y a 2 jours');
  });
});
