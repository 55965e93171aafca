import { describe, expect, it } from '@jest/globals';
import { joinReasons, POST_REJECTION_REASONS, USER_REJECTION_REASONS } from './rejection-reasons';

const textOf = (reason: string) => `<${reason}>`;

describe('joinReasons', () => {
  it('offers ten reasons of each kind, the last one written by the admin', () => {
    expect(USER_REJECTION_REASONS).toHaveLength(10);
    expect(POST_REJECTION_REASONS).toHaveLength(10);
    expect(USER_REJECTION_REASONS.at(-1)).toBe('other');
    expect(POST_REJECTION_REASONS.at(-1)).toBe('other');
  });

  it('needs at least one reason', () => {
    expect(joinReasons(POST_REJECTION_REASONS, new Set(), textOf, '')).toBeNull();
  });

  it("joins the chosen reasons with ', ' in the list's order, whatever order they were ticked in", () => {
    const chosen = new Set(['duplicate', 'spam']);
    expect(joinReasons(POST_REJECTION_REASONS, chosen, textOf, '')).toBe('<spam>, <duplicate>');
  });

  it("replaces 'other' with the admin's text, and needs that text", () => {
    const chosen = new Set(['other', 'lighting']);
    expect(joinReasons(USER_REJECTION_REASONS, chosen, textOf, '   ')).toBeNull();
    expect(joinReasons(USER_REJECTION_REASONS, chosen, textOf, '  Foto sfocata ')).toBe('<lighting>, Foto sfocata');
  });
});
