import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadMessageCatalogues, PLATFORM_MESSAGES } from '@tip/platform';
import { IDENTITY_MESSAGES } from '../contract/messages.js';

const identitySrc = fileURLToPath(new URL('../', import.meta.url));
const LANGUAGES = ['it', 'en', 'es', 'fr', 'de'] as const;

/** Source files under dir, but for the contract and the generated types, whose topic and proto names look like keys. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return ['contract', 'generated'].includes(entry.name) ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('message keys', () => {
  const used = new Set(
    sourceFiles(identitySrc).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/'((?:validation|identity|errors)\.[A-Za-z]+)'/g)].map((m) => m[1] ?? ''),
    ),
  );

  it('are found in the sources', () => {
    expect(used.size).toBeGreaterThan(30);
    expect(used).toContain('validation.usernameMin');
    expect(used).toContain('identity.usernameTaken');
  });

  it.each(LANGUAGES)('all have a text in the %s catalogue', (language) => {
    // Identity's own texts, and the kernel's errors it throws.
    const catalogue = loadMessageCatalogues([PLATFORM_MESSAGES, IDENTITY_MESSAGES])[language];
    expect([...used].filter((key) => !catalogue[key])).toEqual([]);
  });
});

describe('the domain module', () => {
  it('imports nothing but zod and itself, so that the browser can load it', () => {
    const domainFiles = sourceFiles(join(identitySrc, 'domain'));
    for (const file of domainFiles) {
      const imports = [...readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1]);
      expect({ file, foreign: imports.filter((name) => name !== 'zod' && !name?.startsWith('./')) }).toEqual({
        file,
        foreign: [],
      });
    }
  });
});
