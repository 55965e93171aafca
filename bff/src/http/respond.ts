import type { Response } from 'express';
import type { z } from 'zod';

/**
 * Answers `body` as JSON, which the compiler checks against the contract's schema for this answer (bff/src/contract,
 * what the web reads it as): a route cannot answer what the contract does not say. The schema names the answer; it is
 * not run here, on every request, but by the contract tests on real answers (contract.test.ts).
 */
export function respond<Schema extends z.ZodType>(res: Response, _schema: Schema, body: z.output<Schema>): void {
  res.json(body);
}
