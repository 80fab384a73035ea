import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { DomainView } from '../../contracts/publish.ts';
import { useHttp } from '../http/httpContext.ts';
import { domainQueryKey, getWebsiteDomain } from './publishApi.ts';

/** The custom domain of a saved website (none for an unsaved one). */
export function useWebsiteDomain(websiteId: string | null): UseQueryResult<DomainView> {
  const http = useHttp();
  return useQuery({
    queryKey: domainQueryKey(websiteId ?? ''),
    queryFn: () => getWebsiteDomain(http, websiteId ?? ''),
    enabled: websiteId !== null,
  });
}
