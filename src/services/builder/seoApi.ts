import {
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { SeoAudit, SiteSeo, SiteSeoSettings } from '../../contracts/seo.ts';
import type { CallContext, Http } from '../http/http.ts';
import { useHttp } from '../http/httpContext.ts';
import { queryKeys } from '../http/queryKeys.ts';

/** GET /api/seo/websites/{id}/audit: the pages' settings and the audit of the last save. */
export async function getSeoAudit(http: Http, websiteId: string): Promise<SeoAudit> {
  return http.get(`seo/websites/${encodeURIComponent(websiteId)}/audit`).json<SeoAudit>();
}

/** GET /api/seo/websites/{id}/settings. */
export async function getSiteSeo(http: Http, websiteId: string): Promise<SiteSeoSettings> {
  return http.get(`seo/websites/${encodeURIComponent(websiteId)}/settings`).json<SiteSeoSettings>();
}

// A refused value is shown on its field by the card, not as the generic "Data Issue" toast.
const SAVE_CONTEXT: CallContext = { quietStatuses: [400] };

/** PUT /api/seo/websites/{id}/settings: replaces every setting; a 400 names the refused field first. */
export async function putSiteSeo(http: Http, websiteId: string, settings: SiteSeo): Promise<SiteSeoSettings> {
  return http
    .put(`seo/websites/${encodeURIComponent(websiteId)}/settings`, { json: settings, context: SAVE_CONTEXT })
    .json<SiteSeoSettings>();
}

const auditKey = (websiteId: string | null) => [...queryKeys.websites, websiteId, 'seo'] as const;
const settingsKey = (websiteId: string | null) => [...auditKey(websiteId), 'settings'] as const;

/** The audit of a site; under the websites key, so every save (which refreshes the websites) re-runs it. */
export function useSeoAudit(websiteId: string | null): UseQueryResult<SeoAudit> {
  const http = useHttp();
  return useQuery({
    queryKey: auditKey(websiteId),
    queryFn: () => getSeoAudit(http, websiteId as string),
    enabled: websiteId !== null,
  });
}

/** A site's SEO settings (SEO Tools › Site settings). */
export function useSiteSeoSettings(websiteId: string | null): UseQueryResult<SiteSeoSettings> {
  const http = useHttp();
  return useQuery({
    queryKey: settingsKey(websiteId),
    queryFn: () => getSiteSeo(http, websiteId as string),
    enabled: websiteId !== null,
  });
}

/** Saves a site's SEO settings, keeps the answer as the settings and re-runs the site's audit. */
export function useSaveSiteSeoSettings(
  websiteId: string,
): UseMutationResult<SiteSeoSettings, Error, SiteSeo> {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings) => putSiteSeo(http, websiteId, settings),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKey(websiteId), saved);
      return queryClient.invalidateQueries({ queryKey: auditKey(websiteId), exact: true });
    },
  });
}
