import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { OrdersSummary } from '../../contracts/store.ts';
import type { CallContext, Http } from '../http/http.ts';
import { useHttp } from '../http/httpContext.ts';
import { storeKeys } from './storeKeys.ts';

// The dashboard shell's only store data, apart from the store's API and queries (they load with its section).

// The badge polls in the background: a failure leaves the badge as it was, without a toast every 15 s.
const QUIET_POLL: CallContext = { background: true };

/** GET /api/ecommerce/orders/summary: how many of the account's orders need the owner. */
export const getOrdersSummary = (http: Http): Promise<OrdersSummary> =>
  http.get('ecommerce/orders/summary', { context: QUIET_POLL, retry: 0 }).json<OrdersSummary>();

/** The sidebar badge: orders that need the owner; kept current by the live event stream and on focus. */
export function useOrdersSummary(): UseQueryResult<OrdersSummary> {
  const http = useHttp();
  return useQuery({
    queryKey: storeKeys.ordersSummary,
    queryFn: () => getOrdersSummary(http),
    refetchOnWindowFocus: true,
    retry: false,
  });
}
