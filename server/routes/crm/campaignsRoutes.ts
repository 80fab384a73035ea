import type { FastifyPluginAsync } from 'fastify';
import { requireAccountId } from '../../auth/authenticate.ts';
import { HttpError } from '../../errors.ts';
import { contactListExists } from '../../repositories/crm/contactLists.ts';
import { findRow, insertRow, listRows, updateRow } from '../../repositories/crm/crud.ts';
import { CAMPAIGNS } from '../../repositories/crm/tables.ts';
import { schemas } from '../../validation.ts';
import type { CrmDeps } from './crmDeps.ts';
import {
  campaignProperties,
  crmEdit,
  crmView,
  entitySchemas,
  type IdParams,
  idParams,
} from './crmSchemas.ts';

type Campaign = {
  id: number;
  name: string;
  subject: string;
  content: string;
  contactListId: number | null;
  status: string;
  scheduledAt: string | null;
};
type CampaignBody = Partial<Omit<Campaign, 'id' | 'status'>>;

const campaignSchemas = entitySchemas(campaignProperties, ['name']);
const NOT_FOUND = 'Campaign not found';

/** E-mail campaigns: drafts edited freely; a send queues one job that mails each contact of the list once. */
export const campaignsRoutes: FastifyPluginAsync<CrmDeps> = async (app, { db, jobs }) => {
  const checkList = async (accountId: number, listId: number | null | undefined) => {
    if (listId != null && !(await contactListExists(db, accountId, listId))) {
      throw new HttpError(400, `Contact list ${listId} does not exist`);
    }
  };
  // A schedule queues a send that starts then (and does nothing if the schedule changed meanwhile).
  const queueScheduled = async (accountId: number, campaign: Campaign | null) => {
    if (!jobs || !campaign?.scheduledAt || campaign.status !== 'scheduled') return;
    await jobs.send(
      'crm-campaign-send',
      { accountId, campaignId: campaign.id, scheduledAt: campaign.scheduledAt },
      { startAfter: new Date(campaign.scheduledAt) },
    );
  };
  // A scheduled date marks the campaign scheduled; clearing it makes it a draft again.
  const statusFor = (body: CampaignBody) =>
    body.scheduledAt === undefined ? {} : { status: body.scheduledAt ? 'scheduled' : 'draft' };

  app.get('/api/crm/campaigns', { config: crmView, schema: campaignSchemas.list }, (request) =>
    listRows<Campaign>(db, CAMPAIGNS, requireAccountId(request)),
  );
  app.post<{ Body: CampaignBody }>(
    '/api/crm/campaigns',
    { config: crmEdit, schema: campaignSchemas.create },
    async (request, reply) => {
      const accountId = requireAccountId(request);
      await checkList(accountId, request.body.contactListId);
      const created = await insertRow<Campaign>(db, CAMPAIGNS, accountId, request.body);
      const withStatus = request.body.scheduledAt
        ? await db.one<{ status: string }>(
            `update crm_campaigns set status = 'scheduled' where account_id = $1 and id = $2 returning status`,
            [accountId, created.id],
          )
        : null;
      const campaign = { ...created, ...withStatus };
      await queueScheduled(accountId, campaign);
      return reply.code(201).send(campaign);
    },
  );
  app.put<{ Params: IdParams; Body: CampaignBody }>(
    '/api/crm/campaigns/:id',
    { config: crmEdit, schema: campaignSchemas.update },
    async (request) => {
      const accountId = requireAccountId(request);
      const current = await findRow<Campaign>(db, CAMPAIGNS, accountId, request.params.id);
      if (!current) throw new HttpError(404, NOT_FOUND);
      if (current.status === 'sending' || current.status === 'sent') {
        throw new HttpError(409, 'A campaign that was sent cannot be edited');
      }
      await checkList(accountId, request.body.contactListId);
      await db.query(
        `update crm_campaigns set status = coalesce($3, status) where account_id = $1 and id = $2`,
        [accountId, current.id, statusFor(request.body).status ?? null],
      );
      const updated = await updateRow<Campaign>(db, CAMPAIGNS, accountId, current.id, request.body);
      if (request.body.scheduledAt) await queueScheduled(accountId, updated);
      return updated;
    },
  );
  app.post<{ Params: IdParams }>(
    '/api/crm/campaigns/:id/send',
    {
      config: crmEdit,
      schema: {
        params: idParams,
        body: schemas.noBody,
        response: {
          202: { type: 'object', additionalProperties: true },
          400: schemas.message,
          404: schemas.message,
          409: schemas.message,
          503: schemas.message,
        },
      },
    },
    async (request, reply) => {
      const accountId = requireAccountId(request);
      if (!jobs) throw new HttpError(503, 'Sending is unavailable: the job engine is not running');
      // Only a draft or scheduled campaign with a list moves to sending; the row lock makes a double click send once.
      const campaign = await db.one<Campaign>(
        `update crm_campaigns set status = 'sending', updated_at = now()
         where account_id = $1 and id = $2 and status in ('draft', 'scheduled') and contact_list_id is not null
         returning id, status`,
        [accountId, request.params.id],
      );
      if (!campaign) {
        const current = await findRow<Campaign>(db, CAMPAIGNS, accountId, request.params.id);
        if (!current) throw new HttpError(404, NOT_FOUND);
        if (current.contactListId === null)
          throw new HttpError(400, 'Choose the contact list to send to first');
        throw new HttpError(409, 'This campaign was already sent');
      }
      const jobId = await jobs.send('crm-campaign-send', { accountId, campaignId: campaign.id });
      return reply
        .code(202)
        .send({ ...(await findRow<Campaign>(db, CAMPAIGNS, accountId, campaign.id)), jobId });
    },
  );
  // Retry: a sent campaign whose messages partly failed sends those again (only those), through the same job.
  app.post<{ Params: IdParams }>(
    '/api/crm/campaigns/:id/retry',
    {
      config: crmEdit,
      schema: {
        params: idParams,
        body: schemas.noBody,
        response: {
          202: { type: 'object', additionalProperties: true },
          404: schemas.message,
          409: schemas.message,
          503: schemas.message,
        },
      },
    },
    async (request, reply) => {
      const accountId = requireAccountId(request);
      if (!jobs) throw new HttpError(503, 'Sending is unavailable: the job engine is not running');
      const campaign = await db.one<{ id: number }>(
        `update crm_campaigns c set status = 'sending', updated_at = now()
         where c.account_id = $1 and c.id = $2 and c.status = 'sent'
           and exists (select 1 from crm_communications x
                       where x.account_id = $1 and x.campaign_id = c.id and x.status = 'failed')
         returning c.id`,
        [accountId, request.params.id],
      );
      if (!campaign) {
        if (!(await findRow<Campaign>(db, CAMPAIGNS, accountId, request.params.id)))
          throw new HttpError(404, NOT_FOUND);
        throw new HttpError(409, 'This campaign has no failed messages to send again');
      }
      const jobId = await jobs.send('crm-campaign-send', {
        accountId,
        campaignId: campaign.id,
        retryFailed: true,
      });
      return reply
        .code(202)
        .send({ ...(await findRow<Campaign>(db, CAMPAIGNS, accountId, campaign.id)), jobId });
    },
  );
};
