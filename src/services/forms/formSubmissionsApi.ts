import { TOTAL_COUNT_HEADER } from '../../contracts/crm.ts';
import {
  type FormSubmissionRecord as Raw,
  SUBMISSIONS_PAGE_SIZE,
  type SubmissionStatus,
} from '../../contracts/forms.ts';
import type { RowsPage } from '../../contracts/jsonSchema.ts';
import type { Http } from '../http/http.ts';

export type { SubmissionStatus };

/** A visitor's form submission (spec §3), stored on the server; the client keys it by string ids. */
export type FormSubmission = Omit<Raw, 'id' | 'websiteId'> & { id: string; websiteId: string };

const fromRaw = (raw: Raw): FormSubmission => ({
  ...raw,
  id: String(raw.id),
  websiteId: String(raw.websiteId),
});

/**
 * What the inbox asks for: one website's submissions (every website's without `websiteId`), those holding every
 * word of `search`, and one 1-based page of `SUBMISSIONS_PAGE_SIZE` of them (every match without `page`).
 */
export type SubmissionQuery = { websiteId?: string | null; search?: string; page?: number };

/** GET /api/forms/submissions: the matches, newest first, and the count of all of them. */
export async function listSubmissions(
  http: Http,
  query: SubmissionQuery = {},
): Promise<RowsPage<FormSubmission>> {
  const searchParams: Record<string, string | number> = {};
  if (query.websiteId) searchParams.websiteId = query.websiteId;
  const search = query.search?.trim();
  if (search) searchParams.search = search;
  if (query.page !== undefined) {
    searchParams.page = query.page;
    searchParams.pageSize = SUBMISSIONS_PAGE_SIZE;
  }
  const response = await http.get('forms/submissions', { searchParams });
  const rows = (await response.json<Raw[]>()).map(fromRaw);
  const total = response.headers.get(TOTAL_COUNT_HEADER);
  return { rows, totalCount: total === null ? rows.length : Number(total) };
}

/**
 * GET /api/forms/submissions/{id}: opening marks a new submission read. A 404 (deleted, or never there) is said
 * where it was opened, not in a toast.
 */
export async function openSubmission(http: Http, id: string): Promise<FormSubmission> {
  return fromRaw(
    await http
      .get(`forms/submissions/${encodeURIComponent(id)}`, { context: { quietStatuses: [404] } })
      .json<Raw>(),
  );
}

/** PATCH /api/forms/submissions/{id} {status}. */
export async function setSubmissionStatus(
  http: Http,
  id: string,
  status: SubmissionStatus,
): Promise<FormSubmission> {
  return fromRaw(
    await http.patch(`forms/submissions/${encodeURIComponent(id)}`, { json: { status } }).json<Raw>(),
  );
}

/** DELETE /api/forms/submissions/{id}. */
export async function deleteSubmission(http: Http, id: string): Promise<void> {
  await http.delete(`forms/submissions/${encodeURIComponent(id)}`);
}

/** Spec §2: the list preview shows the first 2 fields, each cut to 30 characters. */
export function submissionPreview(data: Record<string, string>): string[] {
  return Object.entries(data)
    .slice(0, 2)
    .map(([key, value]) => `${key}: ${value.length > 30 ? `${value.slice(0, 30)}...` : value}`);
}
