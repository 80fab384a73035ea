import type { Contact, Deal, Lead } from '../../../src/contracts/crm.ts';
import type { Queryable } from '../../db/types.ts';
import { createContact, findContact, findContactByEmail } from './contacts.ts';
import { findRow, insertRow, updateRow } from './crud.ts';
import { defaultPipeline } from './pipelines.ts';
import { DEALS, LEADS } from './tables.ts';

export type Conversion = { lead: Lead; contact: Contact; deal: Deal; previousStatus: string };
/** Why a lead was not converted: it already was, or neither it nor the request gives the deal a value. */
export type ConversionRefusal = 'already-converted' | 'needs-value';

/**
 * Converts a lead: links the contact with its e-mail (or creates one), opens a deal at the first stage
 * of the default pipeline, and marks the lead converted. The deal's value is `value` when given, else the
 * lead's estimated value; with neither (no $0 deals by accident) and for a converted lead it refuses.
 * Run it in a transaction.
 */
export async function convertLead(
  tx: Queryable,
  accountId: number,
  leadId: number,
  value?: number,
): Promise<Conversion | ConversionRefusal | null> {
  const lead = await tx.one<Lead>(
    `select id, status, name, email, phone, company, value::float8 as value, contact_id as "contactId",
       deal_id as "dealId" from crm_leads where account_id = $1 and id = $2 for update`,
    [accountId, leadId],
  );
  if (!lead) return null;
  if (lead.status === 'converted') return 'already-converted';
  const dealValue = value ?? (lead.value > 0 ? lead.value : null);
  if (dealValue === null) return 'needs-value';
  const [firstName = '', ...rest] = lead.name.split(/\s+/);
  const contact =
    (lead.contactId ? await findContact(tx, accountId, lead.contactId) : null) ??
    (await findContactByEmail(tx, accountId, lead.email)) ??
    (await createContact(tx, accountId, {
      firstName,
      lastName: rest.join(' '),
      email: lead.email,
      phone: lead.phone,
      company: lead.company,
    }));
  const existingDeal = lead.dealId ? await findRow<Deal>(tx, DEALS, accountId, lead.dealId) : null;
  const pipeline = await defaultPipeline(tx, accountId);
  const deal =
    existingDeal ??
    (await insertRow<Deal>(tx, DEALS, accountId, {
      title: lead.company || lead.name || lead.email || `Lead ${lead.id}`,
      value: dealValue,
      stage: pipeline.stages[0],
      pipelineId: pipeline.id,
      contactId: contact.id,
    }));
  const updated = await updateRow<Lead>(tx, LEADS, accountId, leadId, {
    status: 'converted',
    contactId: contact.id,
    dealId: deal.id,
  });
  if (!updated) return null;
  return { lead: updated, contact, deal, previousStatus: lead.status };
}

/**
 * Writes the given fields of a lead and returns it with its status before, read under the row's lock, so two
 * concurrent changes see each other (the second's "before" is the first's "after"). Run it in a transaction.
 */
export async function updateLead(
  tx: Queryable,
  accountId: number,
  id: number,
  input: Record<string, unknown>,
): Promise<{ lead: Lead; previousStatus: string } | null> {
  const before = await tx.one<{ status: string }>(
    'select status from crm_leads where account_id = $1 and id = $2 for update',
    [accountId, id],
  );
  if (!before) return null;
  const lead = await updateRow<Lead>(tx, LEADS, accountId, id, input);
  return lead ? { lead, previousStatus: before.status } : null;
}
