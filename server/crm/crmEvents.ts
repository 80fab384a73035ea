import type { WorkflowTrigger } from '../../src/contracts/crm.ts';
import type { Queryable } from '../db/types.ts';

/** Something that happened in an account's CRM, as workflows see it. */
export type CrmEvent = {
  accountId: number;
  trigger: WorkflowTrigger;
  /** Unique per occurrence: a redelivered event with the same key runs no workflow twice. */
  eventKey: string;
  /** The record the event is about (update-field acts on it). */
  subject: { type: 'contact' | 'lead' | 'deal'; id: number } | null;
  contactId: number | null;
  dealId: number | null;
  /** Flat fields conditions test and messages name (status, stage, email, firstName, …). */
  data: Record<string, string | number | boolean | null>;
};

export type WorkflowRunData = CrmEvent & { workflowId: number };

/** Where events go: the job engine queues one workflow run per matching active workflow. */
export type WorkflowQueue = (data: WorkflowRunData) => Promise<unknown>;

/** Queues a run of every active workflow of the account listening to the event's trigger. */
export async function emitCrmEvent(
  db: Queryable,
  queue: WorkflowQueue | null,
  event: CrmEvent,
): Promise<number> {
  if (!queue) return 0;
  const workflows = await db.query<{ id: number }>(
    'select id from crm_workflows where account_id = $1 and trigger = $2 and is_active',
    [event.accountId, event.trigger],
  );
  for (const { id } of workflows) await queue({ ...event, workflowId: id });
  return workflows.length;
}
