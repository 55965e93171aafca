import { DomainError } from '@tip/platform';

/** What the owner answers for a member or post that does not exist (any more): nothing to decide on. */
export function unlessGone(error: unknown): null {
  if (error instanceof DomainError && (error.code === 'NOT_FOUND' || error.code === 'GONE')) return null;
  throw error;
}
