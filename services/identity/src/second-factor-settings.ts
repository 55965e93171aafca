import { z } from 'zod';
import type { AdminSecondFactorPolicy } from './domain/index.js';

const DAY_MS = 86_400_000;

/** Whether admins must have a second factor, and how long one who has none may still sign in without it. */
export const secondFactorConfigShape = {
  /** Production unless told otherwise, as the BFF reads it: the rule's default follows it. */
  NODE_ENV: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(['development', 'production', 'test']).default('production'),
  ),
  /** `required` (the default in production) or `optional`. */
  ADMIN_SECOND_FACTOR: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(['required', 'optional']).optional(),
  ),
  /** Days an admin has, from their first sign-in under the rule, to add a second factor. */
  ADMIN_SECOND_FACTOR_GRACE_DAYS: z.coerce.number().int().min(0).max(90).default(7),
};

/** The rule for admins that these settings give. */
export function adminSecondFactorPolicy(config: {
  NODE_ENV: 'development' | 'production' | 'test';
  ADMIN_SECOND_FACTOR?: 'required' | 'optional';
  ADMIN_SECOND_FACTOR_GRACE_DAYS: number;
}): AdminSecondFactorPolicy {
  const setting = config.ADMIN_SECOND_FACTOR ?? (config.NODE_ENV === 'production' ? 'required' : 'optional');
  return { required: setting === 'required', graceMs: config.ADMIN_SECOND_FACTOR_GRACE_DAYS * DAY_MS };
}

/**
 * Whom passkeys are registered with: the site's host name (the relying party's id) and the origin browsers sign for,
 * both from the address browsers use (PUBLIC_URL, or the embedded platform's own).
 */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

export function relyingPartyOf(publicUrl: string, name: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin, name };
}
