/** CRM records as the API returns them (ids are the server's integers). */
export type Contact = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  company: string;
  tags: string[];
  notes: string;
  contactListIds: number[];
  /** Read with the contact: the shop orders they placed (matched to them by email), not counting cancelled orders or expired card payments. */
  orderCount: number;
  /** The sum of those orders' totals. */
  lifetimeValue: number;
  createdAt: string;
  updatedAt: string;
};
export type ContactInput = Partial<
  Omit<Contact, 'id' | 'createdAt' | 'updatedAt' | 'orderCount' | 'lifetimeValue'>
>;
export type ContactPage = { contacts: Contact[]; totalCount: number };
export type ContactList = { id: number; name: string; description: string; contactCount: number };

export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'converted', 'lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export type Lead = {
  id: number;
  name: string;
  email: string;
  phone: string;
  company: string;
  status: LeadStatus;
  source: string;
  value: number;
  notes: string;
  pagePath: string;
  contactId: number | null;
  dealId: number | null;
  createdAt: string;
  updatedAt: string;
};
export type LeadInput = Partial<
  Pick<Lead, 'name' | 'email' | 'phone' | 'company' | 'status' | 'source' | 'value' | 'notes'>
>;

export type Deal = {
  id: number;
  title: string;
  value: number;
  stage: string;
  pipelineId: number;
  contactId: number | null;
  expectedCloseDate: string | null;
  createdAt: string;
  updatedAt: string;
};
export type DealInput = Partial<
  Pick<Deal, 'title' | 'value' | 'stage' | 'pipelineId' | 'contactId' | 'expectedCloseDate'>
>;
export type Pipeline = { id: number; name: string; stages: string[]; isDefault: boolean };

export const ACTIVITY_TYPES = ['call', 'email', 'meeting', 'task', 'note', 'order'] as const;
export type Activity = {
  id: number;
  type: (typeof ACTIVITY_TYPES)[number];
  subject: string;
  description: string;
  dueDate: string | null;
  completed: boolean;
  contactId: number | null;
  dealId: number | null;
  /** Read with the activity: its contact's name (or e-mail) and its deal's title. */
  contactName: string | null;
  dealTitle: string | null;
  createdAt: string;
};
export type ActivityInput = Partial<Omit<Activity, 'id' | 'createdAt' | 'contactName' | 'dealTitle'>>;

/** A searched, paged list of leads or activities: one page and the count of every match. */
export type ListQuery = { page: number; pageSize: number; search?: string };
export type RowsPage<T> = { rows: T[]; totalCount: number };

export const WORKFLOW_TRIGGERS = [
  'contact.created',
  'lead.status_changed',
  'deal.stage_changed',
  'form.submitted',
] as const;
export const WORKFLOW_ACTIONS = ['create-activity', 'send-email', 'add-to-list', 'update-field'] as const;
export type WorkflowAction = { type: (typeof WORKFLOW_ACTIONS)[number]; params: Record<string, unknown> };
export type WorkflowCondition = { field: string; operator: string; value: string | number | boolean };
export type Workflow = {
  id: number;
  name: string;
  trigger: (typeof WORKFLOW_TRIGGERS)[number];
  conditions: WorkflowCondition[];
  actions: WorkflowAction[];
  isActive: boolean;
};
export type WorkflowInput = Partial<Omit<Workflow, 'id'>>;
export type WorkflowRun = {
  id: number;
  workflowName: string;
  eventKey: string;
  status: string;
  log: { action: string; result: string }[];
  createdAt: string;
};

export type CampaignStatus = 'draft' | 'scheduled' | 'sending' | 'sent';
export type Campaign = {
  id: number;
  name: string;
  subject: string;
  content: string;
  contactListId: number | null;
  status: CampaignStatus;
  scheduledAt: string | null;
  sentAt: string | null;
  stats: { total: number; sent: number; outbox: number; failed: number };
};
export type CampaignInput = Partial<
  Pick<Campaign, 'name' | 'subject' | 'content' | 'contactListId' | 'scheduledAt'>
>;

export type Communication = {
  id: number;
  campaignId: number | null;
  campaignName: string | null;
  contactId: number | null;
  channel: string;
  direction: 'outbound' | 'inbound';
  toAddress: string;
  subject: string;
  body: string;
  status: string;
  error: string | null;
  createdAt: string;
  sentAt: string | null;
};

/** One row of the Unified Inbox: a form submission or a CRM message. */
export type InboxKind = 'form' | 'message';
export type InboxItem = {
  /** `form-{id}` or `message-{id}`. */
  id: string;
  kind: InboxKind;
  sourceId: number;
  at: string;
  /** Form: the first e-mail address among its values ('' if none); message: its campaign (or Workflow). */
  from: string;
  /** Form: its website; message: the address it went to. */
  to: string;
  /** Form: its title; message: its subject. */
  subject: string;
  /** Form only: the submitted fields. */
  data: Record<string, string> | null;
  /** Message only: the start of its body. */
  body: string;
  status: string;
};
export type InboxPage = { items: InboxItem[]; totalCount: number };

/** Contacts that look like one person: the same e-mail (any case), or the same name and phone. */
export type DuplicateGroup = { reason: 'email' | 'name+phone'; key: string; contacts: Contact[] };
export type DuplicatePage = { groups: DuplicateGroup[]; totalGroups: number };
export type MergeFields = Partial<
  Pick<Contact, 'firstName' | 'lastName' | 'email' | 'phone' | 'company' | 'notes'>
>;

export type CrmStats = {
  totalContacts: number;
  totalLeads: number;
  totalDeals: number;
  totalRevenue: number;
  conversionRate: number;
};

export type ImportReport = {
  id: number;
  status: 'queued' | 'running' | 'completed' | 'failed' | 'rolled-back';
  fileName: string;
  processedRows: number;
  created: number;
  updated: number;
  skipped: number;
  progress: number;
  errors: { row: number; message: string }[];
  message: string | null;
};
export type ImportOptions = {
  duplicates: 'skip' | 'update';
  contactListId: number | null;
  mapping: Record<string, string> | null;
};
