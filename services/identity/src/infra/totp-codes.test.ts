import { describe, expect, it } from '@jest/globals';
import { generateSecret, generateSync } from 'otplib';
import { acceptedTotpStep } from './totp-codes.js';

const secret = generateSecret();
const NOW = Date.UTC(2026, 10, 28, 8, 0, 15);
const step = Math.floor(NOW / 30_000);
/** The code an app shows `periods` periods from NOW. */
const codeAt = (periods: number) => generateSync({ secret, epoch: NOW / 1000 + periods * 30 });

describe('TOTP codes', () => {
  it("takes the current code and those one period either side, and tells the code's step", () => {
    expect(acceptedTotpStep(secret, codeAt(0), NOW)).toBe(step);
    expect(acceptedTotpStep(secret, codeAt(-1), NOW)).toBe(step - 1);
    expect(acceptedTotpStep(secret, codeAt(1), NOW)).toBe(step + 1);
  });

  it('refuses codes two periods away, malformed ones and another secret', () => {
    expect(acceptedTotpStep(secret, codeAt(-2), NOW)).toBeNull();
    expect(acceptedTotpStep(secret, codeAt(2), NOW)).toBeNull();
    expect(acceptedTotpStep(secret, '12345', NOW)).toBeNull();
    expect(acceptedTotpStep(generateSecret(), codeAt(0), NOW)).toBeNull();
  });

  it('takes a code once: not again, nor an earlier one, after its step was used', () => {
    expect(acceptedTotpStep(secret, codeAt(0), NOW, step)).toBeNull();
    expect(acceptedTotpStep(secret, codeAt(-1), NOW, step)).toBeNull();
    expect(acceptedTotpStep(secret, codeAt(1), NOW, step)).toBe(step + 1);
  });
});
