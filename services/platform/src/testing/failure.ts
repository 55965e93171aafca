import { DomainError } from '../errors/domain-error.js';

/** The DomainError a call failed with; fails the test if the call succeeded or failed some other way. */
export async function failureOf(call: Promise<unknown>): Promise<DomainError> {
  const outcome = await call.then(
    () => ({ succeeded: true as const }),
    (error: unknown) => ({ succeeded: false as const, error }),
  );
  if (outcome.succeeded) throw new Error('the call succeeded, a failure was expected');
  if (!(outcome.error instanceof DomainError)) throw outcome.error;
  return outcome.error;
}
