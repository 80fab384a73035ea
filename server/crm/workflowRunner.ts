import type { WorkflowAction, WorkflowCondition } from '../../src/contracts/crm.ts';
import type { Db, Queryable } from '../db/types.ts';
import type { Mailer } from '../jobs/mailer.ts';
import { deliver } from './campaignSender.ts';
import type { WorkflowRunData } from './crmEvents.ts';
import { personalise } from './personalise.ts';

type LogEntry = { action: string; result: string };
type Outbound = { id: number; toAddress: string; subject: string; body: string };

/** Fields update-field may write, per record type (API name → column). */
export const UPDATABLE_FIELDS: Record<'contact' | 'lead' | 'deal', Record<string, string>> = {
  contact: {
    firstName: 'first_name',
    lastName: 'last_name',
    phone: 'phone',
    company: 'company',
    notes: 'notes',
  },
  lead: { status: 'status', source: 'source', notes: 'notes', company: 'company', phone: 'phone' },
  deal: { title: 'title' },
};
const TABLES = { contact: 'crm_contacts', lead: 'crm_leads', deal: 'crm_deals' } as const;

/** All conditions hold (equals, not_equals, contains, greater_than, less_than on the event's fields). */
export function conditionsHold(conditions: WorkflowCondition[], data: WorkflowRunData['data']): boolean {
  return conditions.every(({ field, operator, value }) => {
    const actual = data[field];
    switch (operator) {
      case 'equals':
        return String(actual ?? '') === String(value);
      case 'not_equals':
        return String(actual ?? '') !== String(value);
      case 'contains':
        return String(actual ?? '')
          .toLowerCase()
          .includes(String(value).toLowerCase());
      case 'greater_than':
        return Number(actual) > Number(value);
      case 'less_than':
        return Number(actual) < Number(value);
      default:
        return false;
    }
  });
}

const text = (value: unknown, fallback = '') => (typeof value === 'string' ? value : fallback);

async function perform(
  tx: Queryable,
  run: WorkflowRunData,
  runId: number,
  action: WorkflowAction,
  outbox: Outbound[],
): Promise<string> {
  const { accountId, contactId } = run;
  const p = action.params;
  switch (action.type) {
    case 'create-activity': {
      const days = typeof p.dueInDays === 'number' ? p.dueInDays : null;
      const row = await tx.one<{ id: number }>(
        `insert into crm_activities (account_id, type, subject, description, due_date, contact_id, deal_id)
         values ($1, $2, $3, $4, case when $5::int is null then null else now() + make_interval(days => $5::int) end, $6, $7)
         returning id`,
        [
          accountId,
          text(p.type, 'task'),
          text(p.subject, 'Follow up'),
          text(p.description),
          days,
          contactId,
          run.dealId,
        ],
      );
      return `activity ${row?.id} created`;
    }
    case 'send-email': {
      const contact = contactId
        ? await tx.one<{
            firstName: string;
            lastName: string;
            email: string;
            company: string;
            phone: string;
          }>(
            `select first_name as "firstName", last_name as "lastName", email, company, phone
             from crm_contacts where account_id = $1 and id = $2`,
            [accountId, contactId],
          )
        : null;
      const to = contact ?? {
        firstName: text(run.data.name),
        lastName: '',
        email: text(run.data.email),
        company: '',
        phone: '',
      };
      if (!to.email) return 'no e-mail address: nothing sent';
      const message = await tx.one<Outbound>(
        `insert into crm_communications (account_id, workflow_run_id, contact_id, to_address, subject, body, status)
         values ($1, $2, $3, $4, $5, $6, 'outbox') returning id, to_address as "toAddress", subject, body`,
        [
          accountId,
          runId,
          contactId,
          to.email,
          personalise(text(p.subject), to),
          personalise(text(p.content), to),
        ],
      );
      if (message) outbox.push(message);
      return `e-mail to ${to.email} recorded`;
    }
    case 'add-to-list': {
      if (!contactId) return 'no contact: not added';
      const rows = await tx.query(
        `insert into crm_contact_list_members (account_id, contact_list_id, contact_id)
         select $1, l.id, $3 from crm_contact_lists l where l.account_id = $1 and l.id = $2
         on conflict do nothing returning contact_id`,
        [accountId, Number(p.contactListId), contactId],
      );
      return rows.length > 0 ? `added to list ${p.contactListId}` : 'already on the list (or no such list)';
    }
    case 'update-field': {
      if (!run.subject) return 'no record to update';
      const column = UPDATABLE_FIELDS[run.subject.type][text(p.field)];
      if (!column) return `field ${text(p.field)} cannot be updated on a ${run.subject.type}`;
      await tx.query(
        `update ${TABLES[run.subject.type]} set ${column} = $3 where account_id = $1 and id = $2`,
        [accountId, run.subject.id, String(p.value ?? '')],
      );
      return `${run.subject.type} ${run.subject.id}: ${text(p.field)} set`;
    }
    default:
      return `unknown action ${String(action.type)}`;
  }
}

/**
 * Runs one workflow for one event, once: the run row (unique per workflow and event key) is written in
 * the same transaction as the actions, so a redelivered job finds it and stops. A failing action rolls
 * the actions back and leaves a failed run in the log.
 */
export async function runWorkflow(db: Db, mailer: Mailer, run: WorkflowRunData): Promise<{ status: string }> {
  const outbox: Outbound[] = [];
  try {
    const status = await db.transaction(async (tx) => {
      const workflow = await tx.one<{
        conditions: WorkflowCondition[];
        actions: WorkflowAction[];
        isActive: boolean;
      }>(
        `select conditions, actions, is_active as "isActive" from crm_workflows where account_id = $1 and id = $2`,
        [run.accountId, run.workflowId],
      );
      if (!workflow) return 'gone';
      const created = await tx.one<{ id: number }>(
        `insert into crm_workflow_runs (account_id, workflow_id, event_key, status) values ($1, $2, $3, 'completed')
         on conflict (workflow_id, event_key) do nothing returning id`,
        [run.accountId, run.workflowId, run.eventKey],
      );
      if (!created) return 'duplicate';
      const log: LogEntry[] = [];
      const holds = workflow.isActive && conditionsHold(workflow.conditions, run.data);
      if (holds) {
        for (const action of workflow.actions) {
          log.push({ action: action.type, result: await perform(tx, run, created.id, action, outbox) });
        }
      } else {
        log.push({ action: 'conditions', result: 'not met: no action taken' });
      }
      await tx.query(`update crm_workflow_runs set status = $2, log = $3::jsonb where id = $1`, [
        created.id,
        holds ? 'completed' : 'skipped',
        JSON.stringify(log),
      ]);
      return holds ? 'completed' : 'skipped';
    });
    for (const message of outbox) await deliver(db, mailer, run.accountId, message);
    return { status };
  } catch (error) {
    await db.query(
      `insert into crm_workflow_runs (account_id, workflow_id, event_key, status, log) values ($1, $2, $3, 'failed', $4::jsonb)
       on conflict (workflow_id, event_key) do nothing`,
      [
        run.accountId,
        run.workflowId,
        run.eventKey,
        JSON.stringify([{ action: 'run', result: (error as Error).message }]),
      ],
    );
    return { status: 'failed' };
  }
}
