import { DomainError } from '@tip/platform';

export const DEFAULT_PAGE = 20;
export const MAX_PAGE = 50;

/** How many notifications a page holds: DEFAULT_PAGE unless asked, at most MAX_PAGE. */
export const pageSize = (limit: number) => Math.min(Math.max(limit || DEFAULT_PAGE, 1), MAX_PAGE);

/** Where a page ends: its last entry's update time, then its id (which orders entries updated at the same moment). */
export interface PagePosition {
  updatedAt: string;
  id: string;
}

/** The next page's cursor: opaque to the client, which only hands it back. */
export function encodeCursor(position: PagePosition): string {
  return Buffer.from(JSON.stringify([position.updatedAt, position.id])).toString('base64url');
}

/** A cursor handed back; INVALID_ARGUMENT for anything this service did not make. */
export function decodeCursor(cursor: string): PagePosition {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    decoded = undefined;
  }
  const [updatedAt, id, ...rest] = Array.isArray(decoded) ? (decoded as unknown[]) : [];
  if (typeof updatedAt !== 'string' || typeof id !== 'string' || rest.length > 0 || Number.isNaN(Date.parse(updatedAt)))
    throw new DomainError('INVALID_ARGUMENT', 'errors.invalidInput', { field: 'cursor' });
  return { updatedAt, id };
}
