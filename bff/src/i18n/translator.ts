import type { IncomingMessage } from 'node:http';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, type MessageCatalogue } from '@tip/platform';

type Params = Record<string, string | number>;
export type Translate = (language: Language, key: string, params?: Params) => string;
/** A message key said in the language the request asks for (`Accept-Language`): how every BFF answer speaks. */
export type Say = (req: IncomingMessage, key: string, params?: Params) => string;

const FALLBACK_KEY = 'errors.internal';
const supported = new Set<string>(LANGUAGES);

/**
 * The request's language: the first tag of `Accept-Language` (by preference) that we speak, by its primary subtag
 * ("fr-CH" is French); Italian otherwise.
 */
export function languageOf(acceptLanguage: string | undefined): Language {
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...parameters] = part.split(';');
      const quality = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return {
        language: tag.trim().toLowerCase().split('-')[0] ?? '',
        quality: quality === undefined ? 1 : Number(quality.slice(2)) || 0,
        index,
      };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  const match = ranked.find((entry) => supported.has(entry.language));
  return (match?.language as Language | undefined) ?? DEFAULT_LANGUAGE;
}

/**
 * Says a message key in a language: the language's text, else the Italian one, else the generic internal error (a
 * raw key must never reach a user). `{{name}}` placeholders take the params, as in i18next.
 */
export function createTranslator(catalogues: Readonly<Record<Language, MessageCatalogue>>): Translate {
  return (language, key, params = {}) => {
    const text =
      catalogues[language][key] ??
      catalogues[DEFAULT_LANGUAGE][key] ??
      catalogues[language][FALLBACK_KEY] ??
      catalogues[DEFAULT_LANGUAGE][FALLBACK_KEY] ??
      FALLBACK_KEY;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) =>
      name in params ? String(params[name]) : placeholder,
    );
  };
}

export function sayingTo(translate: Translate): Say {
  return (req, key, params) => translate(languageOf(req.headers['accept-language']), key, params);
}
