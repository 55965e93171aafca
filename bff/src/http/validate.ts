import type { z } from 'zod';
import { DomainError } from '@tip/platform';

/**
 * Validates a body or query. Unknown fields are dropped (zod objects strip them); the first issue becomes a 400
 * whose message is the schema's key, or the generic invalid-input key where the schema names none (wrong types).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input, { error: () => 'errors.invalidInput' });
  if (result.success) return result.data;
  throw new DomainError('INVALID_ARGUMENT', result.error.issues[0]?.message ?? 'errors.invalidInput');
}
