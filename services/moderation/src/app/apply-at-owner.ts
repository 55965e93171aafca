import { DomainError } from '@tip/platform';
import type { ModerationContext } from './context.js';

/** What the owner answers for a member or post that does not exist (any more): nothing to decide on. */
export function unlessGone(error: unknown): null {
  if (error instanceof DomainError && (error.code === 'NOT_FOUND' || error.code === 'GONE')) return null;
  throw error;
}

/**
 * Applies a recorded decision at the service that owns its subject. The decision's event applies it too, so a call
 * that fails (the owner restarting, say) is logged, not thrown: the decision stands and takes effect a moment later.
 */
export async function applyAtOwner(
  context: ModerationContext,
  owner: 'identity' | 'content',
  apply: () => Promise<unknown>,
): Promise<void> {
  await apply().catch((error: unknown) =>
    context.logger.warn({ err: error, owner }, 'the owner applies the decision from its event instead'),
  );
}
