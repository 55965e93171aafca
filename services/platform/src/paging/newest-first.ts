import { DomainError } from '../errors/domain-error.js';
import type { Filter } from '../ports/documents.js';

/**
 * Where a page of a list kept newest first ends: its last entry's time, then its id. Entries written in the same
 * millisecond are common (two sends at once), so the time alone would skip some of them at a page's edge.
 */
export interface PagePosition {
  at: string;
  id: string;
}

/** The next page's cursor: opaque to clients, which only hand it back. */
export const encodePosition = ({ at, id }: PagePosition) => `${at}|${id}`;

/** A cursor handed back; INVALID_ARGUMENT for anything that is not a time and an id. */
export function decodePosition(cursor: string): PagePosition {
  const separator = cursor.lastIndexOf('|');
  const at = cursor.slice(0, separator);
  const id = cursor.slice(separator + 1);
  if (separator < 1 || !id || Number.isNaN(Date.parse(at))) {
    throw new DomainError('INVALID_ARGUMENT', 'errors.invalidInput', { field: 'cursor' });
  }
  return { at, id };
}

/**
 * The entries after `position` in newest-first order of `field` then `_id`. The bound on the time alone lets a store
 * start at the position instead of reading every newer entry first.
 */
export const olderThan = (field: string, position: PagePosition): Filter => ({
  [field]: { $lte: position.at },
  $or: [{ [field]: { $lt: position.at } }, { _id: { $lt: position.id } }],
});

/** The sort that goes with `olderThan`. */
export const newestFirst = (field: string) => ({ [field]: -1 as const, _id: -1 as const });
