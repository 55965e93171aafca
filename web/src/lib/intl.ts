/**
 * The Intl formatters the app writes with, made once per language and options: making one costs far more than
 * formatting with it (locale data looked up and resolved), and a feed's cards format several dates and counts each.
 */
const made = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

function kept<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  kind: string,
  language: string,
  options: object,
  make: () => T,
): T {
  const key = `${kind}|${language}|${JSON.stringify(options)}`;
  let formatter = made.get(key);
  if (!formatter) {
    formatter = make();
    made.set(key, formatter);
  }
  return formatter as T;
}

export const numberFormat = (language: string, options: Intl.NumberFormatOptions = {}) =>
  kept('number', language, options, () => new Intl.NumberFormat(language, options));

export const dateTimeFormat = (language: string, options: Intl.DateTimeFormatOptions) =>
  kept('date', language, options, () => new Intl.DateTimeFormat(language, options));

export const relativeTimeFormat = (language: string, options: Intl.RelativeTimeFormatOptions = {}) =>
  kept('relative', language, options, () => new Intl.RelativeTimeFormat(language, options));
