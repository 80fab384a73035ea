import type { FormSubmissionRecord as Raw, SubmissionStatus } from '../../contracts/forms.ts';
import type { Http } from '../http/http.ts';

export type { SubmissionStatus };

/** A visitor's form submission (spec §3), stored on the server; the client keys it by string ids. */
export type FormSubmission = Omit<Raw, 'id' | 'websiteId'> & { id: string; websiteId: string };

const fromRaw = (raw: Raw): FormSubmission => ({
  ...raw,
  id: String(raw.id),
  websiteId: String(raw.websiteId),
});

/** GET /api/forms/submissions, newest first. */
export async function listSubmissions(http: Http): Promise<FormSubmission[]> {
  return (await http.get('forms/submissions').json<Raw[]>()).map(fromRaw);
}

/** GET /api/forms/submissions/{id}: opening marks a new submission read. */
export async function openSubmission(http: Http, id: string): Promise<FormSubmission> {
  return fromRaw(await http.get(`forms/submissions/${encodeURIComponent(id)}`).json<Raw>());
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
