import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import type { Transaction } from './types';

/** The prefix every transactions query starts with: a `credits_updated` push invalidates them all. */
export const transactionsKey = ['wallet', 'transactions'] as const;

/** The signed-in member's latest ledger lines, newest first (the profile shows 10). */
export const getTransactions = (limit: number, signal?: AbortSignal) =>
  api<Transaction[]>(`/api/transactions?limit=${limit}`, { signal });

export const transactionsQueryOptions = (limit = 10) =>
  queryOptions({
    queryKey: [...transactionsKey, limit],
    queryFn: ({ signal }) => getTransactions(limit, signal),
  });

export function useTransactions(limit = 10) {
  return useQuery(transactionsQueryOptions(limit));
}
