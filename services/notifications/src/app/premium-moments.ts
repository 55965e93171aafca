import { randomUUID } from 'node:crypto';
import { isTimely } from '../domain/index.js';
import type { NotificationsContext } from './context.js';
import { notify } from './notify.js';

/** How many members one pass tells; a sweep passes again while passes come back full. */
const PASS_SIZE = 100;

/**
 * Tells each member whose premium's next moment (premium.ts) is due by `now`: its warning three days before the
 * expiry, its end at it. Each moment is claimed before it is told (MemberDirectory.claimPremium), so two sweeps at
 * once (two processes) tell it once, and one planned for an expiry since changed is not told. Its entry is named by
 * the member, moment and expiry, so even a repeat could not make a second one. A warning that a late sweep (the
 * service was down) reaches after the end is claimed and not told.
 */
export async function tellPremiumMoments(context: NotificationsContext, now: Date): Promise<void> {
  for (;;) {
    const due = await context.members.premiumDue(now, PASS_SIZE);
    for (const moment of due) {
      if (!(await context.members.claimPremium(moment)) || !isTimely(moment.moment, moment.expiry, now)) continue;
      const occasion = { id: `${moment.moment}@${moment.expiry}`, occurredAt: moment.at, correlationId: randomUUID() };
      await notify(context, { userId: moment.userId, kind: moment.moment, subject: '', actorId: null }, occasion);
    }
    if (due.length < PASS_SIZE) return;
  }
}

/**
 * Sweeps every `intervalMs` by the clock `now`, a sweep starting only once the one before has finished (a failed one
 * is logged, and the next tries again). Answers the function that stops the schedule and waits for a sweep under way.
 */
export function schedulePremiumSweeps(
  context: NotificationsContext,
  options: { intervalMs: number; now: () => Date },
): () => Promise<void> {
  let stopped = false;
  let sweeping: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const scheduleNext = () => {
    timer = setTimeout(() => {
      sweeping = tellPremiumMoments(context, options.now())
        .catch((error: unknown) => context.logger.error({ err: error }, 'could not tell premium moments'))
        .finally(() => {
          sweeping = undefined;
          if (!stopped) scheduleNext();
        });
    }, options.intervalMs).unref();
  };
  scheduleNext();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await sweeping;
  };
}
