import { describe, expect, it } from '@jest/globals';
import { loadCatalogues } from './catalogues.js';
import { createTranslator, languageOf } from './translator.js';

describe('languageOf', () => {
  it.each([
    [undefined, 'it'],
    ['', 'it'],
    ['en', 'en'],
    ['fr-CH, fr;q=0.9, en;q=0.8', 'fr'],
    ['ja, de;q=0.5', 'de'],
    ['pt-BR, pt;q=0.9', 'it'],
    ['en;q=0.2, es;q=0.9', 'es'],
    ['ES', 'es'],
    ['de;q=0, en', 'en'],
    ['*', 'it'],
  ])('reads %p as %p', (header, language) => {
    expect(languageOf(header)).toBe(language);
  });
});

describe('the translator', () => {
  it("says the shared catalogue's texts in each language", () => {
    const translate = createTranslator(loadCatalogues());
    expect(translate('it', 'errors.unauthenticated')).toBe('Non autenticato');
    expect(translate('en', 'errors.unauthenticated')).not.toBe('Non autenticato');
    expect(translate('it', 'identity.usernameTaken')).toBe('Nome utente già in uso');
  });

  const translate = createTranslator({
    it: { 'errors.internal': 'Errore interno', 'only.italian': 'Solo italiano', greet: 'Ciao {{name}}' },
    en: { 'errors.internal': 'Internal error', greet: 'Hello {{ name }}' },
    es: {},
    fr: {},
    de: {},
  });

  it('falls back to Italian for a text a language lacks', () => {
    expect(translate('en', 'only.italian')).toBe('Solo italiano');
  });

  it('never shows a raw key: an unknown key says the internal error, in the language when it can', () => {
    expect(translate('en', 'no.such.key')).toBe('Internal error');
    expect(translate('de', 'no.such.key')).toBe('Errore interno');
  });

  it('fills placeholders and leaves unknown ones as they are', () => {
    expect(translate('en', 'greet', { name: 'Mario' })).toBe('Hello Mario');
    expect(translate('it', 'greet')).toBe('Ciao {{name}}');
  });
});
