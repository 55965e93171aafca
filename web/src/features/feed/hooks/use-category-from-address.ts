import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { parseFeedCategory, selectFeedCategory } from '../lib/feed-category';

/** Marks the address the feed itself rewrote, so that the selection it just made stands. */
type KeptState = { categoryKept?: boolean } | null;

/**
 * The sidebar links to `/?category=…`: each arrival selects that category and drops the parameter from the
 * address bar (docs/product.md#screens). An arrival without one (the Home link) shows every category.
 */
export function useCategoryFromAddress() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const kept = (location.state as KeptState)?.categoryKept === true;
  // Every arrival counts, one at the address the feed already shows too (the Home link clicked on the feed).
  const arrival = location.key;

  useEffect(() => {
    if (params.has('category')) {
      selectFeedCategory(parseFeedCategory(params.get('category')) ?? 'all');
      setParams({}, { replace: true, state: { categoryKept: true } });
    } else if (!kept) selectFeedCategory('all');
  }, [params, setParams, kept, arrival]);
}
