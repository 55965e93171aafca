import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import type { Catalogue } from './types';

export const catalogueKey = ['wallet', 'catalogue'] as const;

export const getCatalogue = (signal?: AbortSignal) => api<Catalogue>('/api/wallet/catalogue', { signal });

// The catalogue changes with a release, not while a page is open: read once.
export const catalogueQueryOptions = () =>
  queryOptions({
    queryKey: catalogueKey,
    queryFn: ({ signal }) => getCatalogue(signal),
    staleTime: Infinity,
    refetchInterval: false,
    refetchOnWindowFocus: false,
  });

export function useCatalogue() {
  return useQuery(catalogueQueryOptions());
}
