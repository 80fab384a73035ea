import { type CrmEvent, emitCrmEvent, type WorkflowQueue } from '../crm/crmEvents.ts';
import type { Db } from '../db/types.ts';
import type { FormSubmittedEvent } from '../publishing/formSubmittedEvent.ts';

export type { FormSubmittedEvent };

/** The queue the site-lifecycle side sends one job to per stored form submission of a published site. */
export const FORM_SUBMITTED_QUEUE = 'form-submitted';

export const WEBSITE_FORM_SOURCE = 'website form';

const norm = (key: string) => key.toLowerCase().replace(/[^a-z]/g, '');

// The first field whose normalised name is one of `names`.
function pick(data: Record<string, string>, names: string[]): string {
  for (const [key, value] of Object.entries(data)) {
    if (names.includes(norm(key)) && typeof value === 'string' && value.trim()) return value.trim();
  }
  return '';
}

/** What a form tells about the person who sent it. */
export function leadFields(data: Record<string, string>) {
  const email = pick(data, ['email', 'emailaddress', 'mail']).toLowerCase().slice(0, 254);
  const full = pick(data, ['name', 'fullname', 'yourname']);
  const first = pick(data, ['firstname']);
  const last = pick(data, ['lastname', 'surname']);
  const name = (full || [first, last].filter(Boolean).join(' ') || email).slice(0, 200);
  return {
    name,
    email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : '',
    phone: pick(data, ['phone', 'telephone', 'tel', 'mobile', 'phonenumber']).slice(0, 50),
    company: pick(data, ['company', 'organization', 'organisation', 'business']).slice(0, 200),
    message: pick(data, ['message', 'comments', 'comment', 'notes', 'enquiry', 'inquiry']).slice(0, 5000),
  };
}

/**
 * Creates the lead of a website form submission, or updates the account's lead with the same e-mail
 * (source "website form", the form's page), then fires the form.submitted workflow trigger. Safe to
 * retry: the submission id finds the lead it already wrote, and the event key runs each workflow once.
 */
export async function handleFormSubmitted(
  db: Db,
  queue: WorkflowQueue | null,
  event: FormSubmittedEvent,
): Promise<{ leadId: number }> {
  const f = leadFields(event.data);
  const note = f.message ? `${event.formTitle}: ${f.message}` : `Submitted "${event.formTitle}"`;
  const leadId = await db.transaction(async (tx) => {
    const existing = await tx.one<{ id: number }>(
      `select id from crm_leads where account_id = $1 and (last_submission_id = $2 or ($3 <> '' and email <> '' and email = $3))
       order by (last_submission_id = $2) desc, id limit 1 for update`,
      [event.accountId, event.submissionId, f.email],
    );
    if (existing) {
      await tx.query(
        `update crm_leads set name = coalesce(nullif($3, ''), name), phone = coalesce(nullif($4, ''), phone),
           company = coalesce(nullif($5, ''), company), source = $6, page_path = $7, last_submission_id = $8,
           notes = case when last_submission_id = $8 then notes else left(concat_ws(E'\\n', nullif(notes, ''), $9::text), 5000) end,
           updated_at = now()
         where account_id = $1 and id = $2`,
        [
          event.accountId,
          existing.id,
          f.name,
          f.phone,
          f.company,
          WEBSITE_FORM_SOURCE,
          event.pagePath,
          event.submissionId,
          note,
        ],
      );
      return existing.id;
    }
    const row = await tx.one<{ id: number }>(
      `insert into crm_leads (account_id, name, email, phone, company, source, page_path, notes, last_submission_id)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
      [
        event.accountId,
        f.name,
        f.email,
        f.phone,
        f.company,
        WEBSITE_FORM_SOURCE,
        event.pagePath,
        note,
        event.submissionId,
      ],
    );
    if (!row) throw new Error('lead insert returned no row');
    return row.id;
  });
  const crmEvent: CrmEvent = {
    accountId: event.accountId,
    trigger: 'form.submitted',
    eventKey: `form:${event.submissionId}`,
    subject: { type: 'lead', id: leadId },
    contactId: null,
    dealId: null,
    data: {
      ...event.data,
      ...f,
      leadId,
      formId: event.formId,
      formTitle: event.formTitle,
      websiteId: event.websiteId,
      websiteName: event.websiteName,
      pagePath: event.pagePath,
    },
  };
  await emitCrmEvent(db, queue, crmEvent);
  return { leadId };
}
