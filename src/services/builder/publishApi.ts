import type { DomainView, PublishBody, PublishResult } from '../../contracts/publish.ts';
import type { Http } from '../http/http.ts';

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
  body: PublishBody,
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
