// Apart from formSubmissionsApi.ts: the CSV writer loads with the Form Submissions section, not the first screen.
import { toCsv } from '../../contracts/csv.ts';
import type { FormSubmission } from './formSubmissionsApi.ts';

/**
 * The CSV of `form_submissions.csv`. Spec §9: its rows contain only values, with no header line. The columns keep
 * one order: Submitted At, Website, Form, Status, then each field in the order the submissions first name it (a
 * submission without a field has an empty cell there). RFC 4180 quoting (csv-stringify) and formula-looking cells
 * prefixed with '.
 */
export function submissionsCsv(submissions: FormSubmission[]): string {
  const fields: string[] = [];
  for (const submission of submissions) {
    for (const key of Object.keys(submission.data)) if (!fields.includes(key)) fields.push(key);
  }
  return toCsv(
    submissions.map((s) => [
      s.submittedAt,
      s.websiteName,
      s.formTitle,
      s.status,
      ...fields.map((field) => s.data[field] ?? ''),
    ]),
  );
}
