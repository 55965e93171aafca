/** The texts users read, taken from the same files the app and the server use, so assertions follow the catalogues. */
import { readFileSync } from 'node:fs';

export type Language = 'it' | 'en' | 'es' | 'fr' | 'de';

type Tree = { [key: string]: string | Tree };

const ROOT = new URL('../../', import.meta.url);
const readJson = (path: string) => JSON.parse(readFileSync(new URL(path, ROOT), 'utf8')) as Tree;

/** Where the server's texts are: the kernel's errors and each service's catalogue. */
const SERVER_CATALOGUES = ['platform', 'identity', 'wallet', 'content', 'messaging', 'moderation', 'notifications'];

/** A text of the server's message catalogue (flat keys), as the BFF sends it in `language`. */
export function serverText(key: string, language: Language = 'it'): string {
  const text = SERVER_CATALOGUES.map((pkg) => readJson(`services/${pkg}/src/messages/${language}.json`)[key]).find(
    (found) => found !== undefined,
  );
  if (typeof text !== 'string') throw new Error(`no server text ${key} in ${language}`);
  return text;
}

/** A text of the web app's own locale (nested keys, addressed with dots as i18next does). */
export function appText(key: string, language: Language = 'it'): string {
  let node: string | Tree | undefined = readJson(`web/src/i18n/locales/${language}.json`);
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no app text ${key} in ${language}`);
  return node;
}

/** A text with its {{placeholders}} filled in, as i18next and the server's `say` fill them. */
export function withValues(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => String(values[name] ?? whole));
}

/** A price as the app writes it in `language`: always euro (see web/src/lib/money.ts). */
export function euro(cents: number, language: Language = 'it'): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).format(cents / 100);
}
