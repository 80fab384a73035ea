import type { FormSubmissionRecord } from '../../src/contracts/forms.ts';
import type { WebsiteListItem } from '../../src/contracts/website.ts';

export function site(id: number, subdomain: string | null, submissionCount: number): WebsiteListItem {
  return {
    id,
    // One owner's sites are named after the business: several share the name.
    name: 'Bench Bakery',
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    isPublished: subdomain !== null,
    domain: subdomain ? `app.test/sites/${subdomain}` : null,
    subdomain,
    publishedAt: subdomain ? '2026-01-02T00:00:00Z' : null,
    isActive: subdomain !== null,
    customDomain: null,
    submissionCount,
  };
}

export function submission(id: number, websiteId: number, name: string): FormSubmissionRecord {
  return {
    id,
    formId: 'contact',
    formTitle: 'Contact Us',
    websiteName: 'Bench Bakery',
    websiteId,
    pagePath: '',
    data: { Name: name, Message: 'Hello' },
    status: 'new',
    // Day `id` of February (and on into March): a later id was sent later.
    submittedAt: new Date(Date.UTC(2026, 1, id, 10)).toISOString(),
  };
}

/**
 * `GET /api/forms/submissions` as the server answers it: of one website (`websiteId`), those holding every word
 * of `search` in their answers, form title or website name, one page of them with `page` (every one without);
 * the count of all matches in `x-total-count`.
 */
export const fakeInbox = (all: FormSubmissionRecord[]) => (request: Request) => {
  const asked = new URL(request.url).searchParams;
  const websiteId = asked.get('websiteId');
  const words = (asked.get('search') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const matches = all.filter((s) => {
    const text = [...Object.values(s.data), s.formTitle, s.websiteName].join(' ').toLowerCase();
    return (websiteId === null || String(s.websiteId) === websiteId) && words.every((w) => text.includes(w));
  });
  const page = asked.get('page');
  const size = Number(asked.get('pageSize') ?? 20);
  const rows = page === null ? matches : matches.slice((Number(page) - 1) * size, Number(page) * size);
  return { body: rows, headers: { 'x-total-count': String(matches.length) } };
};
