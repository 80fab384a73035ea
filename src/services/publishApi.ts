import type { Http } from './http.ts';

/** The answer of a publish (spec: domain, subdomain, url, publishedAt). */
export type PublishResult = {
  domain: string;
  subdomain: string;
  url: string;
  publishedAt: string;
  customDomain: string | null;
};

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
