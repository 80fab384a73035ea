import type { Communication, WorkflowRun } from '../../../src/contracts/crm.ts';
import type { Queryable } from '../../db/types.ts';
import { isoOf } from './crud.ts';

/** The most recent messages of the account, newest first. */
export async function listCommunications(
  db: Queryable,
  accountId: number,
  limit: number,
): Promise<Communication[]> {
  return db.query<Communication>(
    `select m.id, m.campaign_id as "campaignId", c.name as "campaignName", m.contact_id as "contactId", m.channel,
       m.direction, m.to_address as "toAddress", m.subject, m.body, m.status, m.error,
       ${isoOf('m.created_at')} as "createdAt", ${isoOf('m.sent_at')} as "sentAt"
     from crm_communications m left join crm_campaigns c on c.id = m.campaign_id and c.account_id = $1
     where m.account_id = $1 order by m.id desc limit $2`,
    [accountId, limit],
  );
}

export async function listWorkflowRuns(
  db: Queryable,
  accountId: number,
  limit: number,
): Promise<WorkflowRun[]> {
  return db.query<WorkflowRun>(
    `select r.id, r.workflow_id as "workflowId", w.name as "workflowName", r.event_key as "eventKey", r.status, r.log,
       ${isoOf('r.created_at')} as "createdAt"
     from crm_workflow_runs r join crm_workflows w on w.id = r.workflow_id and w.account_id = $1
     where r.account_id = $1 order by r.id desc limit $2`,
    [accountId, limit],
  );
}
