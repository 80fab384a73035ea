/**
 * CRM records as the API returns them (ids are the server's integers): the JSON Schemas of every answer and the
 * types derived from them. The requests and the routes' schemas are in crmApi.ts.
 */
import { labelled } from './crmFieldLabels.ts';
import { type Infer, pageOf, record } from './jsonSchema.ts';

/** The header in which a searched list (leads, activities) says how many rows match in all. */
export const TOTAL_COUNT_HEADER = 'x-total-count';

export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'converted', 'lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const ACTIVITY_TYPES = ['call', 'email', 'meeting', 'task', 'note', 'order'] as const;
export const WORKFLOW_TRIGGERS = [
  'contact.created',
  'lead.status_changed',
  'deal.stage_changed',
  'form.submitted',
] as const;
export type WorkflowTrigger = (typeof WORKFLOW_TRIGGERS)[number];
/**
 * The fields a workflow's condition can test, per trigger — what that trigger's event carries
 * (server/crm/crmEvents.ts) — with their names in words. A form's event also carries the form's own fields by
 * their names, so the server lets a form.submitted condition name any field; the others must be one of these.
 */
export const WORKFLOW_CONDITION_FIELDS: Record<WorkflowTrigger, Readonly<Record<string, string>>> = {
  'contact.created': labelled(['firstName', 'lastName', 'email', 'phone', 'company', 'tags', 'notes']),
  'lead.status_changed': labelled([
    'name',
    'email',
    'phone',
    'company',
    'status',
    'previousStatus',
    'source',
    'value',
    'notes',
  ]),
  'deal.stage_changed': labelled(['title', 'value', 'stage', 'previousStage']),
  'form.submitted': labelled([
    'name',
    'email',
    'phone',
    'company',
    'message',
    'formTitle',
    'websiteName',
    'pagePath',
  ]),
};

/** Why a condition's field cannot be tested by a workflow of this trigger; null when it can. */
export function conditionFieldProblem(trigger: WorkflowTrigger, field: string): string | null {
  if (trigger === 'form.submitted') return null;
  const fields = Object.keys(WORKFLOW_CONDITION_FIELDS[trigger]);
  return fields.includes(field)
    ? null
    : `A ${trigger} workflow has no field "${field}" to test: use one of ${fields.join(', ')}`;
}
export const WORKFLOW_ACTIONS = ['create-activity', 'send-email', 'add-to-list', 'update-field'] as const;
export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'sent'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** A schedule already past would send the campaign at once, without Send's question: refused by the form and the routes. */
export const SCHEDULE_IN_PAST =
  'Choose a time in the future to schedule the campaign, or leave "Schedule for" empty to send it by hand.';
/** The picker has minutes only: a time within the last minute still counts as now. */
const SCHEDULE_GRACE_MS = 60_000;

/** Whether a campaign's schedule (an ISO time, or what a date-time field holds) is already past. */
export function scheduleInPast(when: string, now = Date.now()): boolean {
  const time = new Date(when).getTime();
  return Number.isFinite(time) && time < now - SCHEDULE_GRACE_MS;
}

const int = { type: 'integer' } as const;
const num = { type: 'number' } as const;
const str = { type: 'string' } as const;
const bool = { type: 'boolean' } as const;
const strOrNull = { type: ['string', 'null'] } as const;
const intOrNull = { type: ['integer', 'null'] } as const;
const strings = { type: 'array', items: str } as const;
const stamps = { createdAt: str, updatedAt: str } as const;

export const contactSchema = record({
  id: int,
  firstName: str,
  lastName: str,
  email: str,
  phone: str,
  company: str,
  tags: strings,
  notes: str,
  contactListIds: { type: 'array', items: int },
  /** Read with the contact: the shop orders they placed (matched by email), not counting cancelled orders or expired card payments. */
  orderCount: int,
  /** The sum of those orders' totals. */
  lifetimeValue: num,
  ...stamps,
});
export type Contact = Infer<typeof contactSchema>;
export const contactPageSchema = pageOf('contacts', contactSchema);
export type ContactPage = Infer<typeof contactPageSchema>;

export const contactListSchema = record({ id: int, name: str, description: str, contactCount: int });
export type ContactList = Infer<typeof contactListSchema>;

export const leadSchema = record({
  id: int,
  name: str,
  email: str,
  phone: str,
  company: str,
  status: { type: 'string', enum: LEAD_STATUSES },
  source: str,
  value: num,
  notes: str,
  pagePath: str,
  contactId: intOrNull,
  dealId: intOrNull,
  ...stamps,
});
export type Lead = Infer<typeof leadSchema>;

export const dealSchema = record({
  id: int,
  title: str,
  value: num,
  stage: str,
  pipelineId: int,
  contactId: intOrNull,
  expectedCloseDate: strOrNull,
  ...stamps,
});
export type Deal = Infer<typeof dealSchema>;

export const pipelineSchema = record({ id: int, name: str, stages: strings, isDefault: bool });
export type Pipeline = Infer<typeof pipelineSchema>;

/** A converted lead with the contact and the deal made from it. */
export const conversionSchema = record({
  lead: leadSchema,
  contact: contactSchema,
  deal: dealSchema,
  previousStatus: str,
});

export const activitySchema = record({
  id: int,
  type: { type: 'string', enum: ACTIVITY_TYPES },
  subject: str,
  description: str,
  dueDate: strOrNull,
  completed: bool,
  contactId: intOrNull,
  dealId: intOrNull,
  /** Read with the activity: its contact's name (or e-mail) and its deal's title. */
  contactName: strOrNull,
  dealTitle: strOrNull,
  createdAt: str,
});
export type Activity = Infer<typeof activitySchema>;

const conditionValue = { anyOf: [str, num, bool] } as const;
export const workflowSchema = record({
  id: int,
  name: str,
  trigger: { type: 'string', enum: WORKFLOW_TRIGGERS },
  conditions: { type: 'array', items: record({ field: str, operator: str, value: conditionValue }) },
  actions: {
    type: 'array',
    items: record({
      type: { type: 'string', enum: WORKFLOW_ACTIONS },
      params: { type: 'object', additionalProperties: true },
    }),
  },
  isActive: bool,
  ...stamps,
});
export type Workflow = Infer<typeof workflowSchema>;
export type WorkflowCondition = Workflow['conditions'][number];
export type WorkflowAction = Workflow['actions'][number];

export const workflowRunSchema = record({
  id: int,
  workflowId: int,
  workflowName: str,
  eventKey: str,
  status: { type: 'string', enum: ['completed', 'skipped', 'failed'] },
  log: {
    type: 'array',
    items: {
      type: 'object',
      required: ['action', 'result'],
      properties: { action: str, result: str },
      additionalProperties: true,
    },
  },
  createdAt: str,
});
export type WorkflowRun = Infer<typeof workflowRunSchema>;

const campaignProperties = {
  id: int,
  name: str,
  subject: str,
  content: str,
  contactListId: intOrNull,
  status: { type: 'string', enum: CAMPAIGN_STATUSES },
  scheduledAt: strOrNull,
  sentAt: strOrNull,
  stats: record({ total: int, sent: int, outbox: int, failed: int }),
  ...stamps,
} as const;
export const campaignSchema = record(campaignProperties);
export type Campaign = Infer<typeof campaignSchema>;
/** A campaign whose send was queued, with the job that sends it. */
export const queuedCampaignSchema = record({ ...campaignProperties, jobId: strOrNull });

export const communicationSchema = record({
  id: int,
  campaignId: intOrNull,
  campaignName: strOrNull,
  contactId: intOrNull,
  channel: str,
  direction: { type: 'string', enum: ['outbound', 'inbound'] },
  toAddress: str,
  subject: str,
  body: str,
  status: { type: 'string', enum: ['sending', 'sent', 'outbox', 'failed', 'received'] },
  error: strOrNull,
  createdAt: str,
  sentAt: strOrNull,
});
export type Communication = Infer<typeof communicationSchema>;

export const INBOX_KINDS = ['form', 'message'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

/** An inbox item's id (`form-12`, `message-5`): its kind and the id of its row. */
export const inboxItemId = (kind: InboxKind, sourceId: number) => `${kind}-${sourceId}`;

/** The kind and row id an inbox item's id names, or null for a text that is none (an address typed by hand). */
export function parseInboxItemId(raw: string | undefined): { kind: InboxKind; id: number } | null {
  const match = /^(form|message)-(\d{1,15})$/.exec(raw ?? '');
  return match ? { kind: match[1] as InboxKind, id: Number(match[2]) } : null;
}
/** One row of the Unified Inbox: a form submission or a CRM message. */
export const inboxItemSchema = record({
  /** `form-{id}` or `message-{id}`. */
  id: str,
  kind: { type: 'string', enum: INBOX_KINDS },
  sourceId: int,
  at: str,
  /** Form: the first e-mail address among its values ('' if none); message: its campaign (or Workflow). */
  from: str,
  /** Form: its website; message: the address it went to. */
  to: str,
  /** Form: its title; message: its subject. */
  subject: str,
  /** Form only: the submitted fields. */
  data: { type: ['object', 'null'], additionalProperties: str },
  /** Message only: the start of its body. */
  body: str,
  status: str,
});
export type InboxItem = Infer<typeof inboxItemSchema>;
export const inboxPageSchema = pageOf('items', inboxItemSchema);
export type InboxPage = Infer<typeof inboxPageSchema>;

/** Contacts that look like one person: the same e-mail (any case), or the same name and phone. */
export const duplicateGroupSchema = record({
  reason: { type: 'string', enum: ['email', 'name+phone'] },
  key: str,
  contacts: { type: 'array', items: contactSchema },
});
export type DuplicateGroup = Infer<typeof duplicateGroupSchema>;
export const duplicatePageSchema = pageOf('groups', duplicateGroupSchema);
export type DuplicatePage = Infer<typeof duplicatePageSchema>;

export const crmStatsSchema = record({
  totalContacts: int,
  totalLeads: int,
  totalDeals: int,
  totalRevenue: num,
  conversionRate: int,
});
export type CrmStats = Infer<typeof crmStatsSchema>;

export const IMPORT_STATUSES = ['queued', 'running', 'completed', 'failed', 'rolled-back'] as const;
export const importReportSchema = record({
  id: int,
  status: { type: 'string', enum: IMPORT_STATUSES },
  fileName: str,
  totalRows: int,
  processedRows: int,
  created: int,
  updated: int,
  skipped: int,
  progress: int,
  errors: { type: 'array', items: record({ row: int, message: str }) },
  message: strOrNull,
});
export type ImportReport = Infer<typeof importReportSchema>;
/** Whether an import's job is over (completed, failed or rolled back): what the dialog and the upload wait for. */
export const importEnded = (report: ImportReport) =>
  report.status !== 'queued' && report.status !== 'running';
/** The choices sent with a CSV file (multipart fields of POST /api/crm/contacts/import). */
export type ImportOptions = {
  duplicates: 'skip' | 'update';
  contactListId: number | null;
  mapping: Record<string, string> | null;
};
