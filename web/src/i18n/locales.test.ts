import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const LANGUAGES = ['it', 'en', 'es', 'fr', 'de'] as const;
const localesDir = fileURLToPath(new URL('./locales/', import.meta.url));
const srcDir = fileURLToPath(new URL('../', import.meta.url));

type Tree = { [key: string]: string | Tree };

/** Flattens nested texts to dotted keys, as i18next addresses them. */
function flatten(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') flatten(value, path).forEach((v, k) => out.set(k, v));
    else out.set(path, value);
  }
  return out;
}

const locales = Object.fromEntries(
  LANGUAGES.map((code) => [code, flatten(JSON.parse(readFileSync(join(localesDir, `${code}.json`), 'utf8')) as Tree)]),
) as Record<(typeof LANGUAGES)[number], Map<string, unknown>>;

const placeholders = (text: unknown) => [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('web locales', () => {
  const reference = [...locales.it.keys()].sort();

  it.each(LANGUAGES)('%s has exactly the Italian keys', (code) => {
    const keys = [...locales[code].keys()].sort();
    expect(reference.filter((key) => !locales[code].has(key))).toEqual([]);
    expect(keys.filter((key) => !locales.it.has(key))).toEqual([]);
  });

  it.each(LANGUAGES)('%s has no empty or non-text value', (code) => {
    const empty = [...locales[code]]
      .filter(([, value]) => typeof value !== 'string' || !value.trim())
      .map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it.each(LANGUAGES)('%s uses the same {{placeholders}} as Italian', (code) => {
    const mismatched = reference.filter(
      (key) => placeholders(locales[code].get(key)).join() !== placeholders(locales.it.get(key)).join(),
    );
    expect(mismatched).toEqual([]);
  });

  it('has a text for every literal key the app asks for', () => {
    const used = new Set(
      sourceFiles(srcDir).flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([a-zA-Z][\w]*(?:\.[\w]+)+)'/g)].map((m) => String(m[1])),
      ),
    );
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((key) => !locales.it.has(key))).toEqual([]);
  });
});
