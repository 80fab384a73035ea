// Apart from formSubmissionsApi.ts: the CSV writer loads with the Form Submissions section, not the first screen.
import { toCsv } from '../../contracts/csv.ts';
import type { FormSubmission } from './formSubmissionsApi.ts';

/**
 * The CSV of `form_submissions.csv`: a header row, then one row per submission; RFC 4180 quoting
 * (csv-stringify) and formula-looking cells prefixed with '.
 */
export function submissionsCsv(submissions: FormSubmission[]): string {
  const fields: string[] = [];
  for (const submission of submissions) {
    for (const key of Object.keys(submission.data)) if (!fields.includes(key)) fields.push(key);
  }
  const header = ['Submitted At', 'Website', 'Form', 'Status', ...fields];
  const rows = submissions.map((s) => [
    s.submittedAt,
    s.websiteName,
    s.formTitle,
    s.status,
    ...fields.map((field) => s.data[field] ?? ''),
  ]);
  return toCsv([header, ...rows]);
}
