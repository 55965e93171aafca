import { DomainError } from '@tip/platform';
import type { z } from 'zod';

/**
 * Parses input with one of the domain's schemas; the first problem becomes an INVALID_ARGUMENT whose message key
 * is the schema's message and whose `field` param names the offending field.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const messageKey = issue && /^[a-z]+\.[A-Za-z]+$/.test(issue.message) ? issue.message : 'errors.invalidInput';
  throw new DomainError('INVALID_ARGUMENT', messageKey, { field: issue?.path.join('.') ?? '' });
}
