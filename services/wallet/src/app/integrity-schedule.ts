import { gauge } from '@tip/platform';
import { checkIntegrity } from './check-integrity.js';
import type { WalletContext } from './context.js';

// Registered as the module loads, so that a scrape names them before the first check (the alert rules use them).
const problemsFound = gauge(
  'tip_ledger_integrity_problems',
  'Problems the last scheduled ledger integrity check found (0: the ledger adds up)',
);
const lastCheck = gauge(
  'tip_ledger_integrity_last_check_timestamp_seconds',
  'When the last scheduled ledger integrity check finished, in seconds since the epoch (0: none yet)',
);

/** How many of a report's problems a log line names: the count says how many there are in all. */
const PROBLEMS_LOGGED = 20;

/**
 * Runs CheckIntegrity every `intervalMs` (0: never), the first one an interval after the start, so that a start does
 * not wait for (or compete with) a walk of the whole ledger. Each outcome goes to the metrics; problems are logged as
 * errors. A check starts only once the one before has finished. Answers the function that stops the schedule, which
 * interrupts a check under way between two accounts and waits for it.
 */
export function scheduleIntegrityChecks(context: WalletContext, intervalMs: number): () => Promise<void> {
  if (intervalMs === 0) return async () => {};
  const stopping = new AbortController();
  let checking: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const check = async () => {
    try {
      const report = await checkIntegrity(context, stopping.signal);
      problemsFound.set(report.problems.length);
      lastCheck.set(Date.now() / 1000);
      const { accountsChecked, entriesChecked, problems } = report;
      if (report.ok) {
        context.logger.info({ accountsChecked, entriesChecked }, 'the ledger integrity check found no problem');
      } else {
        context.logger.error(
          { accountsChecked, entriesChecked, count: problems.length, problems: problems.slice(0, PROBLEMS_LOGGED) },
          'the ledger integrity check found problems',
        );
      }
    } catch (error) {
      if (!stopping.signal.aborted) context.logger.error({ err: error }, 'could not check the ledger integrity');
    }
  };
  const scheduleNext = () => {
    timer = setTimeout(() => {
      checking = check().finally(() => {
        checking = undefined;
        if (!stopping.signal.aborted) scheduleNext();
      });
    }, intervalMs).unref();
  };
  scheduleNext();

  return async () => {
    stopping.abort();
    clearTimeout(timer);
    await checking;
  };
}
