import { readFileSync } from 'node:fs';
import { z } from 'zod';

/** The languages of the interface; Italian is the default and the fallback. */
export const LANGUAGES = ['it', 'en', 'es', 'fr', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'it';

/** A flat map from message key ("identity.usernameTaken") to its text, with `{{name}}` placeholders. */
export type MessageCatalogue = Readonly<Record<string, string>>;

const catalogueSchema = z.record(z.string().min(1), z.string().min(1));

/**
 * The JSON files stay in src/ (tsc does not copy them, and the web app imports them from there); this path reaches
 * them both from src/messages (tests) and from dist/messages (runtime).
 */
const messagesDir = new URL('../../src/messages/', import.meta.url);

export function loadMessageCatalogue(language: Language): MessageCatalogue {
  const text = readFileSync(new URL(`${language}.json`, messagesDir), 'utf8');
  return catalogueSchema.parse(JSON.parse(text));
}

export function loadMessageCatalogues(): Record<Language, MessageCatalogue> {
  return Object.fromEntries(LANGUAGES.map((language) => [language, loadMessageCatalogue(language)])) as Record<
    Language,
    MessageCatalogue
  >;
}

/**
 * The text of `key` in `language`, falling back to Italian and then to the key itself (so a missing text shows up
 * instead of hiding an error). `{{name}}` placeholders take the params' values.
 */
export function translateMessage(
  catalogues: Record<Language, MessageCatalogue>,
  language: Language,
  key: string,
  params: Record<string, string | number> = {},
): string {
  const text = catalogues[language][key] ?? catalogues[DEFAULT_LANGUAGE][key] ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) =>
    name in params ? String(params[name]) : placeholder,
  );
}
