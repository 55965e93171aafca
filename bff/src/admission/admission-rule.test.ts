import { describe, expect, it } from '@jest/globals';
import { decideAdmission, MAX_RETRY_AFTER_SECONDS, type AdmissionLimits } from './admission-rule.js';

const limits: AdmissionLimits = { maxEventLoopDelayMs: 100, maxInFlight: 50, maxInFlightPerMember: 8 };
const idle = { eventLoopDelayMs: 5, inFlight: 0, memberInFlight: 0 };

describe('decideAdmission', () => {
  it('admits up to the thresholds', () => {
    expect(decideAdmission(idle, limits)).toEqual({ admit: true });
    expect(decideAdmission({ eventLoopDelayMs: 100, inFlight: 49, memberInFlight: 7 }, limits)).toEqual({
      admit: true,
    });
  });

  it('refuses everyone with 503 past the event loop delay, asking to wait longer the further past it is', () => {
    expect(decideAdmission({ ...idle, eventLoopDelayMs: 101 }, limits)).toEqual({
      admit: false,
      status: 503,
      reason: 'event-loop',
      retryAfterSeconds: 2,
    });
    expect(decideAdmission({ ...idle, eventLoopDelayMs: 450 }, limits)).toMatchObject({ retryAfterSeconds: 5 });
    expect(decideAdmission({ ...idle, eventLoopDelayMs: 60_000 }, limits)).toMatchObject({
      retryAfterSeconds: MAX_RETRY_AFTER_SECONDS,
    });
  });

  it('refuses with 503 once the work in flight reaches its limit', () => {
    expect(decideAdmission({ ...idle, inFlight: 50 }, limits)).toEqual({
      admit: false,
      status: 503,
      reason: 'in-flight',
      retryAfterSeconds: 1,
    });
    expect(decideAdmission({ ...idle, inFlight: 120 }, limits)).toMatchObject({ retryAfterSeconds: 3 });
  });

  it('refuses one flooding session with 429 while the server has room for others', () => {
    expect(decideAdmission({ ...idle, inFlight: 8, memberInFlight: 8 }, limits)).toEqual({
      admit: false,
      status: 429,
      reason: 'member',
      retryAfterSeconds: 1,
    });
    expect(decideAdmission({ ...idle, inFlight: 8, memberInFlight: 0 }, limits)).toEqual({ admit: true });
  });

  it('names the flood (429) even when the server is past its thresholds too', () => {
    expect(decideAdmission({ eventLoopDelayMs: 500, inFlight: 60, memberInFlight: 9 }, limits)).toMatchObject({
      status: 429,
      reason: 'member',
    });
  });
});
