import type { FormSubmission } from '../repositories/formSubmissions.ts';

/** What the CRM receives (as the pg-boss job `form-submitted`) after a visitor's submission is stored. */
export type FormSubmittedEvent = {
  accountId: number;
  submissionId: number;
  websiteId: number;
  websiteName: string;
  formId: string;
  formTitle: string;
  pagePath: string;
  data: Record<string, string>;
  submittedAt: string;
};

/** The event of a stored submission of `accountId`. */
export function toFormSubmittedEvent(accountId: number, submission: FormSubmission): FormSubmittedEvent {
  return {
    accountId,
    submissionId: submission.id,
    websiteId: submission.websiteId,
    websiteName: submission.websiteName,
    formId: submission.formId,
    formTitle: submission.formTitle,
    pagePath: submission.pagePath,
    data: submission.data,
    submittedAt: submission.submittedAt,
  };
}
