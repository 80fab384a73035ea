import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyPluginAsync } from 'fastify';
import { type Campaign, SCHEDULE_IN_PAST, scheduleInPast } from '../../../src/contracts/crm.ts';
import { type CampaignInput, campaignsApi } from '../../../src/contracts/crmApi.ts';
import { requireAccountId } from '../../auth/authenticate.ts';
import { HttpError } from '../../errors.ts';
import {
  type CampaignRefusal,
  createCampaign,
  findCampaign,
  listCampaigns,
  startRetry,
  startSending,
  updateCampaign,
} from '../../repositories/crm/campaigns.ts';
import { type CrmDeps, crmEdit, crmView } from './crmDeps.ts';

const NOT_FOUND = 'Campaign not found';

// A send, by hand or at its scheduled time, needs the list it goes to.
const NO_LIST = 'Choose the contact list to send to first';

/** E-mail campaigns: drafts edited freely; a send queues one job that mails each contact of the list once. */
export const campaignsRoutes: FastifyPluginAsync<CrmDeps> = async (fastify, { db, jobs }) => {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const refused = (refusal: CampaignRefusal, body: CampaignInput) =>
    refusal === 'unknownList'
      ? new HttpError(400, `Contact list ${body.contactListId} does not exist`)
      : refusal === 'noList'
        ? new HttpError(400, NO_LIST)
        : new HttpError(409, 'A campaign that was sent cannot be edited');
  // A schedule queues a send that starts then (and does nothing if the schedule changed meanwhile).
  const queueScheduled = async (accountId: number, campaign: Campaign | null) => {
    if (!jobs || !campaign?.scheduledAt || campaign.status !== 'scheduled') return;
    await jobs.send(
      'crm-campaign-send',
      { accountId, campaignId: campaign.id, scheduledAt: campaign.scheduledAt },
      { startAfter: new Date(campaign.scheduledAt) },
    );
  };
  // A queued send answers with the campaign as it is now and the job that sends it.
  const queued = async (accountId: number, id: number, jobId: string | null) => {
    const campaign = await findCampaign(db, accountId, id);
    if (!campaign) throw new HttpError(404, NOT_FOUND);
    return { ...campaign, jobId };
  };
  // A schedule already past would send at once, without the question Send asks first.
  const refusePastSchedule = (body: CampaignInput) => {
    if (body.scheduledAt && scheduleInPast(body.scheduledAt)) throw new HttpError(400, SCHEDULE_IN_PAST);
  };
  // A scheduled date marks the campaign scheduled; clearing it makes it a draft again.
  const statusFor = (body: CampaignInput) =>
    body.scheduledAt === undefined ? null : body.scheduledAt ? 'scheduled' : 'draft';

  app.get('/api/crm/campaigns', { config: crmView, schema: campaignsApi.list }, (request) =>
    listCampaigns(db, requireAccountId(request)),
  );
  app.post('/api/crm/campaigns', { config: crmEdit, schema: campaignsApi.create }, async (request, reply) => {
    const accountId = requireAccountId(request);
    const body = request.body;
    refusePastSchedule(body);
    const campaign = await db.transaction((tx) => createCampaign(tx, accountId, body, statusFor(body)));
    if (typeof campaign === 'string') throw refused(campaign, body);
    await queueScheduled(accountId, campaign);
    return reply.code(201).send(campaign);
  });
  app.put('/api/crm/campaigns/:id', { config: crmEdit, schema: campaignsApi.update }, async (request) => {
    const accountId = requireAccountId(request);
    const body = request.body;
    refusePastSchedule(body);
    // Checked and written in one transaction under the row's lock: a send that starts meanwhile is not edited.
    const updated = await db.transaction((tx) =>
      updateCampaign(tx, accountId, request.params.id, body, statusFor(body)),
    );
    if (!updated) throw new HttpError(404, NOT_FOUND);
    if (typeof updated === 'string') throw refused(updated, body);
    if (body.scheduledAt) await queueScheduled(accountId, updated);
    return updated;
  });
  app.post(
    '/api/crm/campaigns/:id/send',
    { config: crmEdit, schema: campaignsApi.send },
    async (request, reply) => {
      const accountId = requireAccountId(request);
      if (!jobs) throw new HttpError(503, 'Sending is unavailable: the job engine is not running');
      // Only a draft or scheduled campaign with a list moves to sending; the row lock makes a double click send once.
      const campaign = await startSending(db, accountId, request.params.id);
      if (!campaign) {
        const current = await findCampaign(db, accountId, request.params.id);
        if (!current) throw new HttpError(404, NOT_FOUND);
        if (current.contactListId === null) throw new HttpError(400, NO_LIST);
        throw new HttpError(409, 'This campaign was already sent');
      }
      const jobId = await jobs.send('crm-campaign-send', { accountId, campaignId: campaign.id });
      return reply.code(202).send(await queued(accountId, campaign.id, jobId));
    },
  );
  // Retry: a sent campaign whose messages partly failed sends those again (only those), through the same job.
  app.post(
    '/api/crm/campaigns/:id/retry',
    { config: crmEdit, schema: campaignsApi.retry },
    async (request, reply) => {
      const accountId = requireAccountId(request);
      if (!jobs) throw new HttpError(503, 'Sending is unavailable: the job engine is not running');
      const campaign = await startRetry(db, accountId, request.params.id);
      if (!campaign) {
        if (!(await findCampaign(db, accountId, request.params.id))) throw new HttpError(404, NOT_FOUND);
        throw new HttpError(409, 'This campaign has no failed messages to send again');
      }
      const jobId = await jobs.send('crm-campaign-send', {
        accountId,
        campaignId: campaign.id,
        retryFailed: true,
      });
      return reply.code(202).send(await queued(accountId, campaign.id, jobId));
    },
  );
};
