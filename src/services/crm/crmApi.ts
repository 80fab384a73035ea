import {
  type Activity,
  type Campaign,
  type Communication,
  type Contact,
  type ContactList,
  type ContactPage,
  type CrmStats,
  type Deal,
  type DuplicatePage,
  type ImportOptions,
  type ImportReport,
  type InboxItem,
  type InboxKind,
  type InboxPage,
  type Lead,
  type Pipeline,
  TOTAL_COUNT_HEADER,
  type Workflow,
  type WorkflowRun,
} from '../../contracts/crm.ts';
import type {
  ActivityInput,
  CampaignInput,
  ContactInput,
  ContactPageQuery,
  DealInput,
  InboxQuery,
  LeadInput,
  ListQuery,
  MergeFields,
  PipelineInput,
  WorkflowInput,
} from '../../contracts/crmApi.ts';
import type { RowsPage } from '../../contracts/jsonSchema.ts';
import { DOWNLOAD_SHOWN_HERE } from '../http/downloadContext.ts';
import type { CallContext, Http } from '../http/http.ts';

// Creates and edits report a refusal (400/409) where the input was typed, not as a global toast.
const FORM_CONTEXT: CallContext = { quietStatuses: [400, 409] };

/** Query of GET /api/crm/contacts (spec §7). */
export type { ContactPageQuery as ContactQuery, InboxQuery };

export async function listContacts(http: Http, query: ContactPageQuery): Promise<ContactPage> {
  const searchParams: Record<string, string | number> = { page: query.page, pageSize: query.pageSize };
  if (query.search?.trim()) searchParams.search = query.search.trim();
  if (query.contactListId) searchParams.contactListId = query.contactListId;
  return http.get('crm/contacts', { searchParams }).json<ContactPage>();
}

/** One page of a searchable list (GET /api/crm/leads or /activities with page, pageSize, search). */
async function listPage<T>(http: Http, path: string, query: ListQuery): Promise<RowsPage<T>> {
  const searchParams: Record<string, string | number> = { page: query.page, pageSize: query.pageSize };
  if (query.search?.trim()) searchParams.search = query.search.trim();
  const response = await http.get(`crm/${path}`, { searchParams });
  const rows = await response.json<T[]>();
  const total = response.headers.get(TOTAL_COUNT_HEADER);
  return { rows, totalCount: total === null ? rows.length : Number(total) };
}
export const listLeadsPage = (http: Http, query: ListQuery) => listPage<Lead>(http, 'leads', query);
export const listActivitiesPage = (http: Http, query: ListQuery) =>
  listPage<Activity>(http, 'activities', query);

export const listInbox = (http: Http, { page, pageSize, kind }: InboxQuery) =>
  http
    .get('crm/inbox', { searchParams: kind ? { page, pageSize, kind } : { page, pageSize } })
    .json<InboxPage>();

/** GET /api/crm/inbox/{kind}/{id}: one item, a message with its whole body (a 404 is said where it opened). */
export const getInboxItem = (http: Http, kind: InboxKind, id: number) =>
  http.get(`crm/inbox/${kind}/${id}`, { context: { quietStatuses: [404] } }).json<InboxItem>();

/** GET /api/crm/contacts/duplicates: groups of likely duplicates across the whole account. */
export const findDuplicateContacts = (http: Http, limit = 50) =>
  http.get('crm/contacts/duplicates', { searchParams: { limit } }).json<DuplicatePage>();

/** POST /api/crm/contacts/merge: one transaction on the server; returns the kept contact. */
export const mergeContacts = (http: Http, input: { keepId: number; mergeId: number; fields: MergeFields }) =>
  http.post('crm/contacts/merge', { json: input }).json<Contact>();

/** Every contact of the account, a page of 100 at a time (what a report on all contacts needs). */
export async function listAllContacts(
  http: Http,
  onProgress?: (loaded: number, total: number) => void,
): Promise<Contact[]> {
  const byId = new Map<number, Contact>();
  for (let page = 1; ; page += 1) {
    const { contacts, totalCount } = await listContacts(http, { page, pageSize: 100 });
    for (const contact of contacts) byId.set(contact.id, contact);
    onProgress?.(byId.size, totalCount);
    if (contacts.length < 100 || page * 100 >= totalCount) return [...byId.values()];
  }
}

/** The CRUD calls of one CRM resource under /api/crm. */
function resource<T, I>(path: string) {
  return {
    list: (http: Http) => http.get(`crm/${path}`).json<T[]>(),
    create: (http: Http, input: I) =>
      http.post(`crm/${path}`, { json: input, context: FORM_CONTEXT }).json<T>(),
    update: (http: Http, id: number, input: I) =>
      http.put(`crm/${path}/${id}`, { json: input, context: FORM_CONTEXT }).json<T>(),
    remove: async (http: Http, id: number) => {
      await http.delete(`crm/${path}/${id}`);
    },
  };
}

export const contactsApi = resource<Contact, ContactInput>('contacts');
/** GET /api/crm/contacts/:id: one contact (an opened record's address). */
export const getContact = (http: Http, id: number) => http.get(`crm/contacts/${id}`).json<Contact>();
export const leadsApi = resource<Lead, LeadInput>('leads');
/**
 * GET /api/crm/leads/:id or /api/crm/activities/:id: one record (an opened record's address); a 404 is shown
 * where it was opened (the record is gone), not as a toast.
 */
export const getCrmRecord = <T>(http: Http, kind: 'leads' | 'activities', id: number) =>
  http.get(`crm/${kind}/${id}`, { context: { quietStatuses: [404] } }).json<T>();
export const dealsApi = resource<Deal, DealInput>('deals');
export const activitiesApi = resource<Activity, ActivityInput>('activities');
export const workflowsApi = resource<Workflow, WorkflowInput>('workflows');
export const campaignsApi = resource<Campaign, CampaignInput>('campaigns');
export const pipelinesApi = resource<Pipeline, PipelineInput>('pipelines');

export const listContactLists = (http: Http) => http.get('crm/contact-lists').json<ContactList[]>();
export const createContactList = (http: Http, input: { name: string; description?: string }) =>
  http.post('crm/contact-lists', { json: input, context: FORM_CONTEXT }).json<ContactList>();
export const getStats = (http: Http) => http.get('crm/stats').json<CrmStats>();
export const listCommunications = (http: Http) => http.get('crm/communications').json<Communication[]>();
export const listWorkflowRuns = (http: Http) => http.get('crm/workflow-runs').json<WorkflowRun[]>();
/** POST /api/crm/leads/:id/convert with the new deal's value; 409 once converted. */
export const convertLead = (http: Http, id: number, value: number) =>
  http
    .post(`crm/leads/${id}/convert`, { json: { value }, context: FORM_CONTEXT })
    .json<{ lead: Lead; contact: Contact; deal: Deal }>();
export const sendCampaign = (http: Http, id: number) =>
  http.post(`crm/campaigns/${id}/send`).json<Campaign>();

/** POST /api/crm/campaigns/{id}/retry: sends the campaign's failed messages again. */
export const retryCampaign = (http: Http, id: number) =>
  http.post(`crm/campaigns/${id}/retry`).json<Campaign>();

/** POST /api/crm/contacts/import: a finished report (small files) or a queued one to poll. */
export async function importContacts(http: Http, file: File, options: ImportOptions): Promise<ImportReport> {
  const body = new FormData();
  body.append('duplicates', options.duplicates);
  if (options.contactListId) body.append('contactListId', String(options.contactListId));
  if (options.mapping) body.append('mapping', JSON.stringify(options.mapping));
  body.append('file', file);
  return http.post('crm/contacts/import', { body, timeout: 120_000 }).json<ImportReport>();
}
export const getImport = (http: Http, id: number) =>
  http.get(`crm/contacts/imports/${id}`).json<ImportReport>();
export const rollbackImport = (http: Http, id: number) =>
  http.post(`crm/contacts/imports/${id}/rollback`).json<ImportReport>();

/** GET /api/crm/contacts/export as a file to save. */
export async function exportContacts(http: Http, contactListId: number | null): Promise<Blob> {
  const searchParams: Record<string, number> = contactListId ? { contactListId } : {};
  return http.get('crm/contacts/export', { searchParams, context: DOWNLOAD_SHOWN_HERE }).blob();
}
