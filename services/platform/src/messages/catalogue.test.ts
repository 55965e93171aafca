import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { DEFAULT_LANGUAGE, LANGUAGES, loadMessageCatalogues, translateMessage } from './catalogue.js';

const catalogues = loadMessageCatalogues();
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

describe('the server message catalogue', () => {
  it('is a flat object of non-empty strings in every language', () => {
    for (const language of LANGUAGES) {
      const raw: unknown = JSON.parse(readFileSync(new URL(`./${language}.json`, import.meta.url), 'utf8'));
      expect(raw).toBeInstanceOf(Object);
      for (const [key, text] of Object.entries(raw as Record<string, unknown>)) {
        expect({ language, key, type: typeof text }).toEqual({ language, key, type: 'string' });
        expect({ language, key, empty: (text as string).trim() === '' }).toEqual({ language, key, empty: false });
      }
    }
  });

  it('has the same keys in every language as in Italian', () => {
    const italianKeys = Object.keys(catalogues[DEFAULT_LANGUAGE]).sort();
    expect(italianKeys.length).toBeGreaterThan(0);
    for (const language of LANGUAGES) {
      const keys = Object.keys(catalogues[language]).sort();
      expect({ language, missing: italianKeys.filter((key) => !keys.includes(key)) }).toEqual({
        language,
        missing: [],
      });
      expect({ language, extra: keys.filter((key) => !italianKeys.includes(key)) }).toEqual({ language, extra: [] });
    }
  });

  it('uses the same placeholders in every translation of a key', () => {
    for (const [key, italian] of Object.entries(catalogues.it)) {
      for (const language of LANGUAGES) {
        expect({ key, language, placeholders: placeholders(catalogues[language][key] ?? '') }).toEqual({
          key,
          language,
          placeholders: placeholders(italian),
        });
      }
    }
  });

  it('groups keys by area', () => {
    for (const key of Object.keys(catalogues.it)) expect(key).toMatch(/^[a-z]+\.[A-Za-z]+$/);
  });

  it('carries the Italian wording of docs/product.md', () => {
    expect(catalogues.it).toMatchObject({
      'validation.usernameMin': 'Nome utente deve essere almeno di 3 caratteri',
      'validation.passwordsMismatch': 'Le password non corrispondono',
      'validation.photoTooLarge': 'La foto deve essere massimo 5MB',
      'identity.usernameTaken': 'Nome utente già in uso',
      'errors.unauthenticated': 'Non autenticato',
    });
  });
});

describe('translateMessage', () => {
  const sample = {
    ...catalogues,
    it: { ...catalogues.it, 'test.greeting': 'Ciao {{name}}', 'test.onlyItalian': 'Solo italiano' },
    en: { ...catalogues.en, 'test.greeting': 'Hello {{ name }}' },
  };

  it('says a key in the language asked, with its params', () => {
    expect(translateMessage(sample, 'en', 'test.greeting', { name: 'Mario' })).toBe('Hello Mario');
    expect(translateMessage(sample, 'it', 'identity.emailTaken')).toBe('Email già registrata');
  });

  it('falls back to Italian, then to the key', () => {
    expect(translateMessage(sample, 'de', 'test.onlyItalian')).toBe('Solo italiano');
    expect(translateMessage(sample, 'fr', 'test.unknown')).toBe('test.unknown');
  });

  it('leaves a placeholder without a param visible', () => {
    expect(translateMessage(sample, 'it', 'test.greeting')).toBe('Ciao {{name}}');
  });
});
