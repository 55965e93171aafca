import { describe, expect, it } from '@jest/globals';
import { checkoutAddress, safeReturnPath, successAddress } from './return-to';

const ORIGIN = 'https://tip.example';

describe('the page checkout returns to', () => {
  it('is a path of this site, with its query and fragment', () => {
    expect(safeReturnPath('/messages?user=42', ORIGIN)).toBe('/messages?user=42');
    expect(safeReturnPath('/', ORIGIN)).toBe('/');
    expect(safeReturnPath('/profile#crediti', ORIGIN)).toBe('/profile#crediti');
  });

  it('is never another site, a script, or checkout itself', () => {
    for (const value of [
      null,
      '',
      'https://evil.example/',
      '//evil.example/messages',
      '/\\evil.example',
      'javascript:alert(1)',
      'messages',
      '/checkout',
      '/checkout?success=true',
    ])
      expect(safeReturnPath(value, ORIGIN)).toBeNull();
  });

  it('travels in the checkout and completion addresses', () => {
    expect(checkoutAddress('/messages?user=42')).toBe('/checkout?returnTo=%2Fmessages%3Fuser%3D42');
    expect(successAddress('/messages?user=42')).toBe('/checkout?success=true&returnTo=%2Fmessages%3Fuser%3D42');
    expect(successAddress(null)).toBe('/checkout?success=true');
  });
});
