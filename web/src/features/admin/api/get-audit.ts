import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { adminKeys } from '@/api/query-keys';
import { adminQueryDefaults } from './live';
import type { AuditFilters, AuditPage } from './types';

/** 50 audit entries, newest first, before `cursor` (the first page without one). */
export const getAudit = (filters: AuditFilters, cursor: string | null, signal?: AbortSignal) => {
  const params = new URLSearchParams();
  if (filters.adminId) params.set('adminId', filters.adminId);
  if (filters.targetId) params.set('targetId', filters.targetId);
  if (cursor) params.set('before', cursor);
  const query = params.size > 0 ? `?${params}` : '';
  return api<AuditPage>(`/api/admin/audit${query}`, { signal });
};

export const auditQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: [...adminKeys.audit, filters],
    queryFn: ({ pageParam, signal }) => getAudit(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    ...adminQueryDefaults,
    refetchInterval: false,
  });

export function useAudit(filters: AuditFilters) {
  return useInfiniteQuery(auditQueryOptions(filters));
}
