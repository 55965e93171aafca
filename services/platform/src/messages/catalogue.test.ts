import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { LANGUAGES, loadMessageCatalogues, PLATFORM_MESSAGES, translateMessage } from './catalogue.js';

const catalogues = loadMessageCatalogues([PLATFORM_MESSAGES]);

describe('loadMessageCatalogues', () => {
  it('merges the packages given, and refuses a key two of them define', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tip-messages-'));
    try {
      for (const language of LANGUAGES) {
        writeFileSync(join(dir, `${language}.json`), JSON.stringify({ 'test.own': `own ${language}` }));
      }
      const other = pathToFileURL(`${dir}/`);
      const merged = loadMessageCatalogues([PLATFORM_MESSAGES, other]);
      expect(merged.de).toMatchObject({ 'test.own': 'own de', 'errors.internal': catalogues.de['errors.internal'] });
      expect(() => loadMessageCatalogues([other, other])).toThrow(/test\.own is defined twice/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
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
    expect(translateMessage(sample, 'it', 'errors.unauthenticated')).toBe('Non autenticato');
  });

  it('falls back to Italian, then to the key', () => {
    expect(translateMessage(sample, 'de', 'test.onlyItalian')).toBe('Solo italiano');
    expect(translateMessage(sample, 'fr', 'test.unknown')).toBe('test.unknown');
  });

  it('leaves a placeholder without a param visible', () => {
    expect(translateMessage(sample, 'it', 'test.greeting')).toBe('Ciao {{name}}');
  });
});
