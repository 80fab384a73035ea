import type { SpecPage } from '../../canvas/pagesData.ts';
import type { WithStringIds } from '../../contracts/jsonSchema.ts';
import type {
  GeneratedSite as GeneratedSiteAnswer,
  Website as StoredWebsite,
  WebsiteBody,
  WebsiteListItem,
} from '../../contracts/website.ts';
import type { Http } from '../http/http.ts';
import { UPLOAD_SHOWN_HERE, uploadError } from '../http/uploadError.ts';

/** A website as listed (spec §3), with the form submissions its published site received. */
export type WebsiteSummary = WithStringIds<WebsiteListItem>;

/** A website with its content and its stored Yjs state (base64); its pages read as the spec's pages. */
export type Website = {
  [K in keyof WithStringIds<StoredWebsite>]: K extends 'pages' ? SpecPage[] : WithStringIds<StoredWebsite>[K];
};

/** The save payload of spec §7 plus the Yjs state. */
export type WebsitePayload = WebsiteBody & { pages: SpecPage[] };

const withStringId = <T extends { id: number }>(raw: T) =>
  ({ ...raw, id: String(raw.id) }) as WithStringIds<T>;
// The answer's pages are the spec's pages the client saved (the server keeps them as they came).
const readWebsite = (raw: StoredWebsite): Website => ({
  ...withStringId(raw),
  pages: raw.pages as SpecPage[],
});

/** GET /api/website. */
export async function listWebsites(http: Http): Promise<WebsiteSummary[]> {
  return (await http.get('website').json<WebsiteListItem[]>()).map(withStringId);
}

/**
 * The name a new site gets: `base`, or where a site already has it (one owner's sites are named after the
 * business) the first free `base 2`, `base 3`… (case does not make a name free), so the websites list, the
 * form inbox and the builder can tell the sites apart.
 */
export function distinctSiteName(base: string, taken: readonly string[]): string {
  const used = new Set(taken.map((name) => name.trim().toLowerCase()));
  if (!used.has(base.toLowerCase())) return base;
  let n = 2;
  while (used.has(`${base} ${n}`.toLowerCase())) n += 1;
  return `${base} ${n}`;
}

/** A free name for a new site after `base` (see {@link distinctSiteName}); `base` when the list can't be read. */
export async function freeSiteName(http: Http, base: string): Promise<string> {
  try {
    return distinctSiteName(
      base,
      (await listWebsites(http)).map((site) => site.name),
    );
  } catch {
    return base;
  }
}

/** GET /api/website/{id}. */
export async function getWebsite(http: Http, id: string): Promise<Website> {
  // A site not in this account is said by the builder itself (no "Not Found" toast beside it).
  const context = { quietStatuses: [404] };
  return readWebsite(await http.get(`website/${encodeURIComponent(id)}`, { context }).json<StoredWebsite>());
}

/** POST /api/website/save: a new site; the answer carries its id. */
export async function saveWebsite(http: Http, payload: WebsitePayload): Promise<Website> {
  return readWebsite(await http.post('website/save', { json: payload }).json<StoredWebsite>());
}

/** PUT /api/website/{id}. */
export async function updateWebsite(http: Http, id: string, payload: WebsitePayload): Promise<Website> {
  return readWebsite(
    await http.put(`website/${encodeURIComponent(id)}`, { json: payload }).json<StoredWebsite>(),
  );
}

/** DELETE /api/website/{id}. */
export async function deleteWebsite(http: Http, id: string): Promise<void> {
  // A refusal or a server failure is said on the site's card ('Failed to delete website'), not also in a toast.
  await http.delete(`website/${encodeURIComponent(id)}`, {
    context: { quietStatuses: [404, 409, 500, 502, 503, 504] },
  });
}

/**
 * POST /api/upload/image (field `image`); when the upload fails the file is embedded as a data URL
 * instead (spec §7).
 */
export async function uploadImage(http: Http, file: File): Promise<string> {
  const body = new FormData();
  body.append('image', file);
  try {
    return (
      await http
        .post('upload/image', { body, context: { quietStatuses: [400, 413] } })
        .json<{ url: string }>()
    ).url;
  } catch {
    return readAsDataUrl(file);
  }
}

/**
 * POST /api/website/upload-image (field `file`) → its URL. A refusal rejects with
 * 'Upload failed: {message}', no answer at all with 'Upload error: Network or server issue' (spec §8).
 */
export async function uploadWebsiteImage(http: Http, file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  try {
    return (
      await http.post('website/upload-image', { body, context: UPLOAD_SHOWN_HERE }).json<{ url: string }>()
    ).url;
  } catch (error) {
    throw uploadError(error);
  }
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Upload error: Network or server issue'));
    reader.readAsDataURL(file);
  });
}

/** What POST /api/website/generate answers: a whole site, its pages read as the spec's pages. */
export type GeneratedSite = Omit<GeneratedSiteAnswer, 'pages'> & { pages: SpecPage[] };

/** POST /api/website/generate {businessName, industry, services, email, phone, logo?}. */
export async function generateWebsite(
  http: Http,
  input: {
    businessName: string;
    industry: string;
    services: string;
    email: string;
    phone: string;
    logo?: string;
  },
): Promise<GeneratedSite> {
  return http
    .post('website/generate', { json: input, context: { quietStatuses: [400, 503] } })
    .json<GeneratedSite>();
}
