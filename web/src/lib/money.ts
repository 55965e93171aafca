import { numberFormat } from './intl';

/**
 * Prices in the page's language but always in euro: the server charges euro in every language, so a dollar sign would
 * misstate the charge (docs/decisions.md#credits-prices-and-premium). The language only decides how the amount is
 * written: "9,99 €" in Italian, "€9.99" in English.
 */
export function formatEuro(cents: number, language: string): string {
  return numberFormat(language, { style: 'currency', currency: 'EUR' }).format(cents / 100);
}

/** "1 mese", "6 mesi", "1 month": the plural comes from the language's own rules. */
export function formatMonths(months: number, language: string): string {
  return numberFormat(language, { style: 'unit', unit: 'month', unitDisplay: 'long' }).format(months);
}

/** A signed credit amount as the ledger shows it: "+10", "−2" (a true minus sign), "0". */
export function formatSignedCredits(amount: number, language: string): string {
  return numberFormat(language, { signDisplay: 'exceptZero' }).format(amount).replace('-', '−');
}
