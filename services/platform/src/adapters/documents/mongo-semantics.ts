import type { Filter, Update } from '../../ports/documents.js';

/**
 * nedb answers a few filters differently from MongoDB. Repository code is tested on nedb and run on Mongo, so the
 * nedb adapter rewrites those filters into ones nedb answers the Mongo way:
 * - `{ f: null }` also matches documents without `f`;
 * - `{ f: { $ne: v } }` and `$nin` on an array field mean "no element equals", not "some element differs";
 * - `{ f: { $in: [..., null] } }` also matches documents without `f`.
 */
export function toNedbFilter(filter: Filter): Filter {
  const clauses: Filter[] = [];
  for (const [field, condition] of Object.entries(filter)) {
    if (field === '$or' || field === '$and' || field === '$nor') {
      clauses.push({ [field]: (condition as Filter[]).map(toNedbFilter) });
    } else if (isOperatorObject(condition)) {
      clauses.push(...operatorClauses(field, condition));
    } else {
      clauses.push(equalityClause(field, condition));
    }
  }
  return merged(clauses);
}

/**
 * One filter from the clauses. Clauses on distinct plain fields stay at the top level, where nedb can answer them
 * from an index (it looks only at top-level fields: the same filter under $and is a scan of the whole collection);
 * the rest (operators such as $or and $not, a field named twice) go under $and.
 */
function merged(clauses: Filter[]): Filter {
  const top: Filter = {};
  const rest: Filter[] = [];
  for (const clause of clauses) {
    const [field] = Object.keys(clause);
    if (field !== undefined && !field.startsWith('$') && !(field in top)) Object.assign(top, clause);
    else rest.push(clause);
  }
  if (rest.length === 0) return top;
  return Object.keys(top).length === 0 && rest.length === 1 ? (rest[0] as Filter) : { ...top, $and: rest };
}

function operatorClauses(field: string, operators: Record<string, unknown>): Filter[] {
  const clauses: Filter[] = [];
  const rest: Record<string, unknown> = {};
  for (const [operator, argument] of Object.entries(operators)) {
    if (operator === '$ne') clauses.push({ $not: equalityClause(field, argument) });
    else if (operator === '$nin') clauses.push({ $not: inClause(field, argument as unknown[]) });
    else if (operator === '$in') clauses.push(inClause(field, argument as unknown[]));
    else rest[operator] = argument;
  }
  if (Object.keys(rest).length > 0) clauses.push({ [field]: rest });
  return clauses;
}

function equalityClause(field: string, value: unknown): Filter {
  if (value === null) return { $or: [{ [field]: null }, { [field]: { $exists: false } }] };
  return { [field]: value };
}

function inClause(field: string, values: unknown[]): Filter {
  if (values.includes(null)) return { $or: [{ [field]: { $in: values } }, { [field]: { $exists: false } }] };
  return { [field]: { $in: values } };
}

function isOperatorObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => key.startsWith('$'));
}

/** nedb replaces the whole document when given a plain object; the port allows only operators, as Mongo does. */
export function assertOperatorUpdate(update: Update): void {
  const keys = Object.keys(update);
  if (keys.length === 0 || keys.some((key) => !key.startsWith('$'))) {
    throw new TypeError(`an update must use operators ($set, $inc, ...), got keys: ${keys.join(', ') || '(none)'}`);
  }
}
