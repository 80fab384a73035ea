/**
 * The CRM's record fields in words, the one table for every screen that names a field to the owner (reports, data
 * cleaning, the import's column mapping, workflow conditions): the API's field codes stay in requests and addresses.
 */
export const CRM_FIELD_LABELS = {
  firstName: 'First name',
  lastName: 'Last name',
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  company: 'Company',
  tags: 'Tags',
  notes: 'Notes',
  status: 'Status',
  previousStatus: 'Previous status',
  source: 'Source',
  value: 'Value',
  pagePath: 'Page',
  title: 'Title',
  stage: 'Stage',
  previousStage: 'Previous stage',
  pipelineId: 'Pipeline',
  expectedCloseDate: 'Expected close date',
  type: 'Type',
  subject: 'Subject',
  completed: 'Completed',
  dueDate: 'Due date',
  createdAt: 'Created',
  message: 'Message',
  formTitle: 'Form title',
  websiteName: 'Website',
} as const;
export type CrmFieldCode = keyof typeof CRM_FIELD_LABELS;

/** A field's words ("pipelineId" → "Pipeline"); a field the table does not know (a form's own) as it is named. */
export function fieldLabel(field: string): string {
  return Object.hasOwn(CRM_FIELD_LABELS, field) ? CRM_FIELD_LABELS[field as CrmFieldCode] : field;
}

/** The named fields with their words, in that order: `{ firstName: 'First name', … }`. */
export function labelled(fields: readonly CrmFieldCode[]): Readonly<Record<string, string>> {
  return Object.fromEntries(fields.map((field) => [field, CRM_FIELD_LABELS[field]]));
}
