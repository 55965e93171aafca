import { describe, expect, it } from '@jest/globals';
import { excerptOf } from './admin-views.js';

describe('an excerpt for the console', () => {
  it('keeps a short text whole, its whitespace folded', () => {
    expect(excerptOf('  Tramonto\n\na   Roma  ')).toBe('Tramonto a Roma');
    expect(excerptOf('')).toBe('');
  });

  it('cuts a long text at a word, with an ellipsis', () => {
    expect(excerptOf('Un post con parecchie parole dentro', 20)).toBe('Un post con…');
    expect(excerptOf('https://www.example.com/un-percorso-lungo', 20)).toBe('https://www.example.…');
  });
});
