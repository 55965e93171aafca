import type { z } from 'zod';
import { DomainError } from './domain-error.js';

/** What a message key looks like ("validation.usernameMin"), as opposed to a library's default English text. */
const MESSAGE_KEY = /^[a-z]+\.[A-Za-z]+$/;

/**
 * Parses input at an edge (a BFF body or query, a gRPC request) with a zod schema. Unknown fields are dropped (zod
 * objects strip them); the first problem becomes an INVALID_ARGUMENT whose message key is the schema's message, or
 * the generic invalid-input key where the schema names none (a wrong type), and whose `field` param names the field.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input, { error: () => 'errors.invalidInput' });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const messageKey = issue && MESSAGE_KEY.test(issue.message) ? issue.message : 'errors.invalidInput';
  throw new DomainError('INVALID_ARGUMENT', messageKey, { field: issue?.path.join('.') ?? '' });
}
