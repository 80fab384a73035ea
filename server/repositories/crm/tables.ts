import { field, isoOf, type Table } from './crud.ts';

const stamps = {
  createdAt: field.readOnly('created_at', isoOf('created_at')),
  updatedAt: field.readOnly('updated_at', isoOf('updated_at')),
};

export const LEADS: Table = {
  name: 'crm_leads',
  orderBy: 'id desc',
  touches: true,
  search: `concat_ws(' ', name, email, phone, company, status, source, notes, page_path)`,
  fields: {
    id: field.readOnly('id'),
    name: field.text('name'),
    email: field.text('email'),
    phone: field.text('phone'),
    company: field.text('company'),
    status: field.text('status'),
    source: field.text('source'),
    value: field.money('value'),
    notes: field.text('notes'),
    pagePath: field.text('page_path'),
    contactId: field.text('contact_id'),
    dealId: field.text('deal_id'),
    ...stamps,
  },
};

export const DEALS: Table = {
  name: 'crm_deals',
  orderBy: 'id desc',
  touches: true,
  fields: {
    id: field.readOnly('id'),
    title: field.text('title'),
    value: field.money('value'),
    stage: field.text('stage'),
    pipelineId: field.text('pipeline_id'),
    contactId: field.text('contact_id'),
    expectedCloseDate: field.date('expected_close_date'),
    ...stamps,
  },
};

export const PIPELINES: Table = {
  name: 'crm_pipelines',
  orderBy: 'is_default desc, id',
  fields: {
    id: field.readOnly('id'),
    name: field.text('name'),
    stages: field.json('stages'),
    isDefault: field.readOnly('is_default'),
  },
};

// The names of an activity's contact and deal, read with it (lists show them; searches look in them).
const activityContact = `(select coalesce(nullif(trim(c.first_name || ' ' || c.last_name), ''), c.email)
  from crm_contacts c where c.id = crm_activities.contact_id and c.account_id = crm_activities.account_id)`;
const activityDeal = `(select d.title from crm_deals d
  where d.id = crm_activities.deal_id and d.account_id = crm_activities.account_id)`;

export const ACTIVITIES: Table = {
  name: 'crm_activities',
  orderBy: 'completed, due_date nulls last, id desc',
  search: `concat_ws(' ', type, subject, description, ${activityContact}, ${activityDeal})`,
  fields: {
    id: field.readOnly('id'),
    type: field.text('type'),
    subject: field.text('subject'),
    description: field.text('description'),
    dueDate: field.time('due_date'),
    completed: field.text('completed'),
    contactId: field.text('contact_id'),
    dealId: field.text('deal_id'),
    contactName: field.readOnly('contact_name', activityContact),
    dealTitle: field.readOnly('deal_title', activityDeal),
    createdAt: stamps.createdAt,
  },
};

export const WORKFLOWS: Table = {
  name: 'crm_workflows',
  orderBy: 'id desc',
  touches: true,
  fields: {
    id: field.readOnly('id'),
    name: field.text('name'),
    trigger: field.text('trigger'),
    conditions: field.json('conditions'),
    actions: field.json('actions'),
    isActive: field.text('is_active'),
    ...stamps,
  },
};

export const CAMPAIGNS: Table = {
  name: 'crm_campaigns',
  orderBy: 'id desc',
  touches: true,
  fields: {
    id: field.readOnly('id'),
    name: field.text('name'),
    subject: field.text('subject'),
    content: field.text('content'),
    contactListId: field.text('contact_list_id'),
    status: field.readOnly('status'),
    scheduledAt: field.time('scheduled_at'),
    sentAt: field.readOnly('sent_at', isoOf('sent_at')),
    stats: field.readOnly(
      'stats',
      `(select json_build_object('total', count(*)::int,
          'sent', (count(*) filter (where m.status = 'sent'))::int,
          'outbox', (count(*) filter (where m.status in ('outbox', 'sending')))::int,
          'failed', (count(*) filter (where m.status = 'failed'))::int)
        from crm_communications m where m.campaign_id = crm_campaigns.id)`,
    ),
    ...stamps,
  },
};
