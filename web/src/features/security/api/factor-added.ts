import type { QueryClient } from '@tanstack/react-query';
import type { SecondFactorAdded } from '@tip/bff/contract';
import { currentUserKey } from '@/api/query-keys';
import { secondFactorsKey } from './get-second-factors';

/**
 * A factor added: the factors as the server now has them, and the member read again (signing in now takes the
 * second step; this browser's session was renewed, the others ended).
 */
export async function storeFactorAdded(queryClient: QueryClient, answer: SecondFactorAdded): Promise<void> {
  queryClient.setQueryData(secondFactorsKey, answer.factors);
  await queryClient.invalidateQueries({ queryKey: currentUserKey });
}
