import type { IncomingMessage } from 'node:http';
import Negotiator from 'negotiator';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, type MessageCatalogue } from '@tip/platform';

type Params = Record<string, string | number>;
export type Translate = (language: Language, key: string, params?: Params) => string;
/** A message key said in the language the request asks for (`Accept-Language`): how every BFF answer speaks. */
export type Say = (req: IncomingMessage, key: string, params?: Params) => string;

const FALLBACK_KEY = 'errors.internal';
/** The languages we speak, the default first: what a wildcard (`*`) gets. */
const OFFERED = [DEFAULT_LANGUAGE, ...LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE)];

/**
 * The request's language, as Express's `req.acceptsLanguages` negotiates it (negotiator, which the fast lanes'
 * plain node:http requests can use too): the one of `Accept-Language` we speak that it prefers, a regional tag
 * counting for its language ("fr-CH" is French); Italian otherwise.
 */
export function languageOf(acceptLanguage: string | undefined): Language {
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  const [preferred] = new Negotiator({ headers: { 'accept-language': acceptLanguage } }).languages(OFFERED);
  return (preferred as Language | undefined) ?? DEFAULT_LANGUAGE;
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
