import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { SeoFinding } from '../canvas/seoAudit.ts';
import type { Http } from './http.ts';
import { useHttp } from './httpContext.ts';
import { queryKeys } from './queryKeys.ts';

/** One page's SEO settings as saved, with the title it is published under. */
export type PageSeo = {
  id: string;
  name: string;
  path: string;
  isHomePage: boolean;
  title: string;
  effectiveTitle: string;
  description: string;
  canonicalUrl: string;
  ogImage: string;
  noindex: boolean;
};

/** GET /api/seo/websites/{id}/audit: the pages' settings and the audit of the last save. */
export type SeoAudit = {
  websiteId: number;
  name: string;
  publishedUrl: string;
  auditedAt: string;
  updatedAt: string;
  pages: PageSeo[];
  findings: SeoFinding[];
};

export async function getSeoAudit(http: Http, websiteId: string): Promise<SeoAudit> {
  return http.get(`seo/websites/${encodeURIComponent(websiteId)}/audit`).json<SeoAudit>();
}

/** The audit of a site; under the websites key, so every save (which refreshes the websites) re-runs it. */
export function useSeoAudit(websiteId: string | null): UseQueryResult<SeoAudit> {
  const http = useHttp();
  return useQuery({
    queryKey: [...queryKeys.websites, websiteId, 'seo'],
    queryFn: () => getSeoAudit(http, websiteId as string),
    enabled: websiteId !== null,
  });
}
