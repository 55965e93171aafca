import { describe, expect, it } from '@jest/globals';
import { PREVIEW_MAX_CHARACTERS, previewOf } from './preview.js';

describe('previewOf', () => {
  it('keeps a short message as it is, on one line', () => {
    expect(previewOf('Ciao!\n  Ci vediamo   domani?')).toBe('Ciao! Ci vediamo domani?');
  });

  it('cuts a long message at a word, with an ellipsis', () => {
    const words = Array.from({ length: 40 }, (_, n) => `parola${n}`).join(' ');
    const preview = previewOf(words);
    expect(preview.length).toBeLessThanOrEqual(PREVIEW_MAX_CHARACTERS + 1);
    expect(preview.endsWith('…')).toBe(true);
    expect(words.startsWith(preview.slice(0, -1))).toBe(true);
    expect(words[preview.length - 1]).toBe(' ');
  });

  it('cuts a message without spaces at the limit', () => {
    expect(previewOf('a'.repeat(500))).toBe(`${'a'.repeat(PREVIEW_MAX_CHARACTERS)}…`);
  });
});
