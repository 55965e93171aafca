import { useSearchParams } from 'react-router-dom';
import { RETURN_TO_PARAM, safeReturnPath } from '@/lib/return-to';

/** The page the checkout's address asks to return to after a purchase, when it is one of this site's. */
export function useReturnTo(): string | null {
  const [params] = useSearchParams();
  return safeReturnPath(params.get(RETURN_TO_PARAM), window.location.origin);
}
