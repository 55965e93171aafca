import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { LANGUAGES, loadMessageCatalogue } from '@tip/platform';
import { loadCatalogues, MESSAGE_DIRS } from './catalogues.js';

const catalogues = loadCatalogues();
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

describe('the server message catalogue, every package’s merged', () => {
  it('is a flat object of non-empty strings in every language, in every package', () => {
    for (const [dir, language] of MESSAGE_DIRS.flatMap((dir) =>
      LANGUAGES.map((language) => [dir, language] as const),
    )) {
      const raw: unknown = JSON.parse(readFileSync(new URL(`${language}.json`, dir), 'utf8'));
      expect(raw).toBeInstanceOf(Object);
      for (const [key, text] of Object.entries(raw as Record<string, unknown>)) {
        expect({ language, key, type: typeof text }).toEqual({ language, key, type: 'string' });
        expect({ language, key, empty: (text as string).trim() === '' }).toEqual({ language, key, empty: false });
      }
    }
  });

  it('has the same keys in every language as in Italian', () => {
    const italianKeys = Object.keys(catalogues.it).sort();
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

  it("groups keys by area (a text with plural forms or contexts has i18next's suffixes: _one, _others_other)", () => {
    for (const key of Object.keys(catalogues.it)) expect(key).toMatch(/^[a-z]+\.[A-Za-z]+(_[a-z]+)*$/);
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
  it('gives each package keys of its own area (the kernel its errors)', () => {
    const areas = MESSAGE_DIRS.map((dir) =>
      [...new Set(Object.keys(loadMessageCatalogue(dir, 'it')).map((key) => key.split('.')[0]))].sort(),
    );
    expect(areas).toEqual([
      ['errors'],
      ['identity', 'validation'],
      ['transactions', 'wallet'],
      ['content'],
      ['messaging'],
      ['moderation', 'validation'],
      ['notifications'],
    ]);
  });
});
