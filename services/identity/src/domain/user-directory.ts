import { z } from 'zod';

export const VERIFICATION_FILTERS = ['all', 'verified', 'pending', 'rejected'] as const;
export const ROLE_FILTERS = ['all', 'admin', 'tester', 'user'] as const;
export const USER_PAGE_MAX = 100;

/** The admin console's user list: search, the two filters (verification, role), and a page. */
export const userDirectoryQuerySchema = z.object({
  search: z.string().trim().max(100).default(''),
  verification: z.enum(VERIFICATION_FILTERS).default('all'),
  role: z.enum(ROLE_FILTERS).default('all'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(USER_PAGE_MAX).default(25),
});
export type UserDirectoryQuery = z.output<typeof userDirectoryQuerySchema>;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The documents filter for a query: the search matches username, e-mail, first and last name, case-insensitive,
 * anywhere in them; 'verified' means approved; a 'user' is neither admin nor tester.
 */
export function userDirectoryFilter(query: Pick<UserDirectoryQuery, 'search' | 'verification' | 'role'>) {
  const filter: Record<string, unknown> = {};
  if (query.search) {
    const pattern = new RegExp(escapeRegExp(query.search), 'i');
    filter.$or = ['username', 'email', 'firstName', 'lastName'].map((field) => ({ [field]: { $regex: pattern } }));
  }
  if (query.verification !== 'all')
    filter.verificationStatus = query.verification === 'verified' ? 'approved' : query.verification;
  if (query.role === 'admin') filter.isAdmin = true;
  if (query.role === 'tester') Object.assign(filter, { isTester: true, isAdmin: false });
  if (query.role === 'user') Object.assign(filter, { isTester: { $ne: true }, isAdmin: false });
  return filter;
}
