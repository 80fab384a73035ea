import type { Http } from './http.ts';

/** A website's custom domain state: pending until its TXT record is found, and only served once verified. */
export type DomainStatus = 'none' | 'pending' | 'verified';

/** The answer of a publish (spec: domain, subdomain, url, publishedAt). */
export type PublishResult = {
  domain: string;
  subdomain: string;
  url: string;
  publishedAt: string;
  /** The claimed custom domain (served only once verified). */
  customDomain: string | null;
  customDomainStatus?: DomainStatus;
};

/** GET /api/website/{id}/domain: the claimed domain, the TXT record that proves it, and the last check. */
export type DomainView = {
  domain: string | null;
  status: DomainStatus;
  record: { type: 'TXT'; name: string; value: string } | null;
  checkedAt: string | null;
  message: string | null;
};

/** The query key of a website's custom domain. */
export const domainQueryKey = (websiteId: string) => ['websites', websiteId, 'domain'] as const;

/** GET /api/website/{id}/domain. */
export async function getWebsiteDomain(http: Http, websiteId: string): Promise<DomainView> {
  return http.get(`website/${encodeURIComponent(websiteId)}/domain`).json<DomainView>();
}

/** POST /api/website/{id}/domain/verify: looks the TXT record up now; still pending (with a message) when absent. */
export async function verifyWebsiteDomain(http: Http, websiteId: string): Promise<DomainView> {
  return http
    .post(`website/${encodeURIComponent(websiteId)}/domain/verify`, {
      context: { quietStatuses: [400, 409] },
    })
    .json<DomainView>();
}

/** POST /api/website/{id}/publish; a subdomain taken by another site answers 409. */
export async function publishWebsite(
  http: Http,
  websiteId: string,
  body: { subdomain: string; customDomain?: string },
): Promise<PublishResult> {
  return http
    .post(`website/${encodeURIComponent(websiteId)}/publish`, {
      json: body,
      context: { quietStatuses: [400, 409] },
    })
    .json<PublishResult>();
}

/** DELETE /api/website/{id}/publish. */
export async function unpublishWebsite(http: Http, websiteId: string): Promise<void> {
  await http.delete(`website/${encodeURIComponent(websiteId)}/publish`);
}
