import type { Filter } from '../../ports/documents.js';

/**
 * The most ids a filter's `_id: { $in: [...] }` is asked as one query each. FerretDB 1.24 hands PostgreSQL only a
 * filter's equalities on scalar values: an `$in` makes it read and decode the whole collection (an outbox relay's
 * `_id` list on a collection of 600 ledger entries took 130 ms a query under load, against about 1 ms by id). Past
 * this many, the round trips would cost more than the scan.
 */
export const MAX_IDS_ASKED_ONE_BY_ONE = 100;

type Id = string | number;

/**
 * The distinct ids a filter lists as `_id: { $in: [...] }` (and nothing else on `_id`), when they are strings or
 * numbers and at most MAX_IDS_ASKED_ONE_BY_ONE; else undefined. Each id then stands for one query, the filter with
 * `_id` equal to it (byId): `_id` is never an array, so those queries match disjoint documents whose union is what
 * the `$in` matches.
 */
export function listedIds(filter: Filter): Id[] | undefined {
  const condition = filter._id;
  if (condition === null || typeof condition !== 'object' || Array.isArray(condition)) return undefined;
  const operators = Object.keys(condition);
  if (operators.length !== 1 || operators[0] !== '$in') return undefined;
  const listed = (condition as { $in: unknown }).$in;
  if (!Array.isArray(listed) || !listed.every(isScalarId)) return undefined;
  const distinct = [...new Set(listed)];
  return distinct.length <= MAX_IDS_ASKED_ONE_BY_ONE ? distinct : undefined;
}

/** The filter with its `_id` condition replaced by equality to `id`. */
export function byId(filter: Filter, id: Id): Filter {
  return { ...filter, _id: id };
}

function isScalarId(value: unknown): value is Id {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}
