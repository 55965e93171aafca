import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SecondFactors } from '@tip/bff/contract';
import { api } from '@/api/client';

/** Adding or removing a factor, or new recovery codes, make this stale. */
export const secondFactorsKey = ['auth', 'second-factors'] as const;

/** The member's factors: whether an app is on, their passkeys (names and dates), the recovery codes left. */
export const getSecondFactors = (signal?: AbortSignal) => api<SecondFactors>('/api/auth/second-factors', { signal });

export const secondFactorsQueryOptions = () =>
  queryOptions({ queryKey: secondFactorsKey, queryFn: ({ signal }) => getSecondFactors(signal) });

export function useSecondFactors() {
  return useQuery(secondFactorsQueryOptions());
}
