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
 * The kernel's own texts (`errors.…`); each service's contract names where its own are (`IDENTITY_MESSAGES`...). The
 * JSON files stay in src/ (tsc does not copy them, and the web app imports them from there); this path reaches them
 * both from src/messages (tests) and from dist/messages (runtime).
 */
export const PLATFORM_MESSAGES = new URL('../../src/messages/', import.meta.url);

/** One package's texts in one language, from `<dir>/<language>.json`. */
export function loadMessageCatalogue(dir: URL, language: Language): MessageCatalogue {
  const text = readFileSync(new URL(`${language}.json`, dir), 'utf8');
  return catalogueSchema.parse(JSON.parse(text));
}

/**
 * The catalogues of several packages (the kernel's and each service's), merged per language. A key is one package's:
 * two packages defining it is a mistake, refused here.
 */
export function loadMessageCatalogues(dirs: readonly URL[]): Record<Language, MessageCatalogue> {
  const merged = (language: Language) => {
    const all: Record<string, string> = {};
    for (const dir of dirs) {
      for (const [key, text] of Object.entries(loadMessageCatalogue(dir, language))) {
        if (key in all) throw new Error(`message key ${key} is defined twice (again in ${dir.pathname})`);
        all[key] = text;
      }
    }
    return all;
  };
  return Object.fromEntries(LANGUAGES.map((language) => [language, merged(language)])) as Record<
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
