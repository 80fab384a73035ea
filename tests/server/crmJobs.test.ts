import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { WorkflowRunData } from '../../server/crm/crmEvents.ts';
import { expectJson, until } from './crmHelpers.ts';
import { describeEachDatabase, type TestContext } from './harness.ts';
import { type SmtpServer, startSmtpServer } from './smtpServer.ts';

let smtp: SmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
});

type Campaign = {
  id: number;
  name: string;
  status: string;
  stats: { total: number; sent: number; outbox: number; failed: number };
};
type Message = {
  toAddress: string;
  subject: string;
  body: string;
  status: string;
  campaignId: number | null;
};
type Run = {
  workflowId: number;
  status: string;
  eventKey: string;
  log: { action: string; result: string }[];
};

async function waitJob(
  ctx: TestContext,
  queue: 'crm-campaign-send' | 'crm-workflow-run' | 'form-submitted',
  id: string | null,
) {
  await until(
    async () => ((await ctx.jobs.stateOf(queue, id ?? '')) === 'completed' ? true : undefined),
    `${queue} job`,
  );
}

describeEachDatabase(
  'crm jobs: campaigns and workflows',
  (ctx) => {
    /** The account's campaigns as GET /api/crm/campaigns lists them. */
    const campaignsOf = (token: string) =>
      expectJson<Campaign[]>(ctx, 'GET', '/api/crm/campaigns', token, 200);
    it('sends a personalised campaign once per contact of its list, even when the job runs again', async () => {
      const { token, accountId } = await ctx.register();
      const list = await expectJson<{ id: number }>(ctx, 'POST', '/api/crm/contact-lists', token, 201, {
        name: 'VIP',
      });
      const people = ['ann', 'bob', 'cy'].map((name) => `${name}-${Date.now()}@example.com`);
      for (const [i, email] of people.entries()) {
        await expectJson(ctx, 'POST', '/api/crm/contacts', token, 201, {
          firstName: ['Ann', 'Bob', 'Cy'][i],
          email,
          contactListIds: [list.id],
        });
      }
      await expectJson(ctx, 'POST', '/api/crm/contacts', token, 201, {
        firstName: 'NoMail',
        contactListIds: [list.id],
      });
      await expectJson(ctx, 'POST', '/api/crm/contacts', token, 201, {
        firstName: 'Outsider',
        email: `out-${Date.now()}@example.com`,
      });
      smtp.rejected.add(people[2] ?? '');
      const campaign = await expectJson<Campaign>(ctx, 'POST', '/api/crm/campaigns', token, 201, {
        name: 'Spring',
        subject: 'Hello {{firstName}}',
        content: 'Dear {{ firstName }} {{lastName}}, spring sale at {{company}}{{unknown}}.',
        contactListId: list.id,
      });
      expect(campaign.status).toBe('draft');
      const sent = await expectJson<Campaign & { jobId: string }>(
        ctx,
        'POST',
        `/api/crm/campaigns/${campaign.id}/send`,
        token,
        202,
      );
      expect(sent.status).toBe('sending');
      await expectJson(ctx, 'POST', `/api/crm/campaigns/${campaign.id}/send`, token, 409);
      await expectJson(ctx, 'PUT', `/api/crm/campaigns/${campaign.id}`, token, 409, { name: 'Edit' });
      await waitJob(ctx, 'crm-campaign-send', sent.jobId);

      const mine = () => smtp.messages.filter((m) => m.to.some((to) => people.includes(to)));
      expect(
        mine()
          .map((m) => m.to[0])
          .sort(),
      ).toEqual([people[0], people[1]].sort());
      expect(mine().find((m) => m.to[0] === people[0])?.data).toContain('Dear Ann , spring sale at .');
      const log = await expectJson<Message[]>(ctx, 'GET', '/api/crm/communications', token, 200);
      expect(log.map((m) => [m.toAddress, m.status, m.subject]).sort()).toEqual(
        [
          [people[0], 'sent', 'Hello Ann'],
          [people[1], 'sent', 'Hello Bob'],
          [people[2], 'failed', 'Hello Cy'],
        ].sort(),
      );
      const [after] = await campaignsOf(token);
      expect(after).toMatchObject({ status: 'sent', stats: { total: 3, sent: 2, failed: 1, outbox: 0 } });

      // The same job delivered again (a retry after a crash) mails nobody a second time.
      const retry = await ctx.jobs.send('crm-campaign-send', { accountId, campaignId: campaign.id });
      await waitJob(ctx, 'crm-campaign-send', retry);
      // Another account naming this campaign reaches nothing.
      const foreign = await ctx.jobs.send('crm-campaign-send', {
        accountId: (await ctx.register()).accountId,
        campaignId: campaign.id,
      });
      await waitJob(ctx, 'crm-campaign-send', foreign);
      expect(mine()).toHaveLength(2);
      expect(await expectJson<Message[]>(ctx, 'GET', '/api/crm/communications', token, 200)).toHaveLength(3);
    });

    it('Retry sends only the failed messages again; nothing to retry is a 409, another account a 404', async () => {
      const { token } = await ctx.register();
      const list = await expectJson<{ id: number }>(ctx, 'POST', '/api/crm/contact-lists', token, 201, {
        name: 'Retry list',
      });
      const people = ['dee', 'eve'].map((name) => `${name}-${Date.now()}@example.com`);
      for (const email of people)
        await expectJson(ctx, 'POST', '/api/crm/contacts', token, 201, { email, contactListIds: [list.id] });
      smtp.rejected.add(people[1] ?? '');
      const campaign = await expectJson<Campaign>(ctx, 'POST', '/api/crm/campaigns', token, 201, {
        name: 'Retry me',
        subject: 'Hi',
        content: 'Hello',
        contactListId: list.id,
      });
      await expectJson(ctx, 'POST', `/api/crm/campaigns/${campaign.id}/retry`, token, 409);
      const sent = await expectJson<{ jobId: string }>(
        ctx,
        'POST',
        `/api/crm/campaigns/${campaign.id}/send`,
        token,
        202,
      );
      await waitJob(ctx, 'crm-campaign-send', sent.jobId);
      const read = async () => (await campaignsOf(token)).find((c) => c.id === campaign.id);
      expect(await read()).toMatchObject({ status: 'sent', stats: { sent: 1, failed: 1 } });

      const stranger = await ctx.register();
      await expectJson(ctx, 'POST', `/api/crm/campaigns/${campaign.id}/retry`, stranger.token, 404);

      smtp.rejected.delete(people[1] ?? '');
      const retried = await expectJson<{ status: string; jobId: string }>(
        ctx,
        'POST',
        `/api/crm/campaigns/${campaign.id}/retry`,
        token,
        202,
      );
      expect(retried.status).toBe('sending');
      await waitJob(ctx, 'crm-campaign-send', retried.jobId);
      expect(await read()).toMatchObject({ status: 'sent', stats: { total: 2, sent: 2, failed: 0 } });
      const received = smtp.messages.filter((m) => m.to.some((to) => people.includes(to)));
      expect(received.map((m) => m.to[0]).sort()).toEqual([...people].sort());
      await expectJson(ctx, 'POST', `/api/crm/campaigns/${campaign.id}/retry`, token, 409);
    });

    it('sends a scheduled campaign when its time comes, and not one whose schedule was cleared', async () => {
      const { token } = await ctx.register();
      const list = await expectJson<{ id: number }>(ctx, 'POST', '/api/crm/contact-lists', token, 201, {
        name: 'Later',
      });
      await expectJson(ctx, 'POST', '/api/crm/contacts', token, 201, {
        firstName: 'Sam',
        email: `sam-${Date.now()}@example.com`,
        contactListIds: [list.id],
      });
      const at = new Date(Date.now() + 1500).toISOString();
      const body = { subject: 'Soon', content: 'Hi {{firstName}}', contactListId: list.id, scheduledAt: at };
      const kept = await expectJson<Campaign>(ctx, 'POST', '/api/crm/campaigns', token, 201, {
        name: 'Kept',
        ...body,
      });
      const cleared = await expectJson<Campaign>(ctx, 'POST', '/api/crm/campaigns', token, 201, {
        name: 'Cleared',
        ...body,
      });
      expect(kept.status).toBe('scheduled');
      await expectJson(ctx, 'PUT', `/api/crm/campaigns/${cleared.id}`, token, 200, { scheduledAt: null });
      const sent = await until(async () => {
        const all = await campaignsOf(token);
        const found = all.find((c) => c.id === kept.id);
        return found?.status === 'sent' ? all : undefined;
      }, 'the scheduled send');
      expect(sent.find((c) => c.id === kept.id)?.stats.total).toBe(1);
      expect(sent.find((c) => c.id === cleared.id)).toMatchObject({ status: 'draft', stats: { total: 0 } });
    });

    it('refuses to schedule a campaign without a contact list (it sat in "sending" for ever, 0 done)', async () => {
      const { token } = await ctx.register();
      const list = await expectJson<{ id: number }>(ctx, 'POST', '/api/crm/contact-lists', token, 201, {
        name: 'Someday',
      });
      const soon = new Date(Date.now() + 7_200_000).toISOString();
      const refusal = { message: 'Choose the contact list to send to first' };
      expect(
        await expectJson(ctx, 'POST', '/api/crm/campaigns', token, 400, {
          name: 'Nobody',
          scheduledAt: soon,
        }),
      ).toEqual(refusal);

      const draft = await expectJson<Campaign>(ctx, 'POST', '/api/crm/campaigns', token, 201, {
        name: 'Draft',
      });
      expect(
        await expectJson(ctx, 'PUT', `/api/crm/campaigns/${draft.id}`, token, 400, { scheduledAt: soon }),
      ).toEqual(refusal);

      const later = new Date(Date.now() + 3_600_000).toISOString();
      const planned = await expectJson<Campaign>(ctx, 'POST', '/api/crm/campaigns', token, 201, {
        name: 'Planned',
        contactListId: list.id,
        scheduledAt: later,
      });
      expect(
        await expectJson(ctx, 'PUT', `/api/crm/campaigns/${planned.id}`, token, 400, { contactListId: null }),
      ).toEqual(refusal);
      // Unscheduling and dropping the list together is a draft again.
      const back = await expectJson<Campaign>(ctx, 'PUT', `/api/crm/campaigns/${planned.id}`, token, 200, {
        contactListId: null,
        scheduledAt: null,
      });
      expect(back.status).toBe('draft');

      const all = await campaignsOf(token);
      expect(all.map((c) => [c.name, c.status]).sort()).toEqual([
        ['Draft', 'draft'],
        ['Planned', 'draft'],
      ]);
    });

    it('refuses a schedule already past: it would send at once, without the question Send asks', async () => {
      const { token } = await ctx.register();
      const list = await expectJson<{ id: number }>(ctx, 'POST', '/api/crm/contact-lists', token, 201, {
        name: 'Customers',
      });
      const refusal = {
        message:
          'Choose a time in the future to schedule the campaign, or leave "Schedule for" empty to send it by hand.',
      };
      const past = '2020-01-01T10:00:00.000Z';
      expect(
        await expectJson(ctx, 'POST', '/api/crm/campaigns', token, 400, {
          name: 'Late',
          contactListId: list.id,
          scheduledAt: past,
        }),
      ).toEqual(refusal);
      const draft = await expectJson<Campaign>(ctx, 'POST', '/api/crm/campaigns', token, 201, {
        name: 'Draft',
        contactListId: list.id,
      });
      expect(
        await expectJson(ctx, 'PUT', `/api/crm/campaigns/${draft.id}`, token, 400, { scheduledAt: past }),
      ).toEqual(refusal);
      // Nothing was created or scheduled by the refusals.
      const all = await campaignsOf(token);
      expect(all.map((c) => [c.name, c.status])).toEqual([['Draft', 'draft']]);
    });

    it('a scheduled campaign that has no list at its time (data from before one was required) is a draft again, not "sending" for ever', async () => {
      const { token } = await ctx.register();
      const list = await expectJson<{ id: number }>(ctx, 'POST', '/api/crm/contact-lists', token, 201, {
        name: 'Gone',
      });
      const at = new Date(Date.now() + 1500).toISOString();
      const planned = await expectJson<Campaign>(ctx, 'POST', '/api/crm/campaigns', token, 201, {
        name: 'Orphan',
        subject: 'Hi',
        contactListId: list.id,
        scheduledAt: at,
      });
      // What the server accepted before it required a list.
      await ctx.db.query('update crm_campaigns set contact_list_id = null where id = $1', [planned.id]);

      const back = await until(async () => {
        const all = await campaignsOf(token);
        const found = all.find((c) => c.id === planned.id);
        return found?.status === 'draft' ? found : undefined;
      }, 'the campaign back to a draft');
      expect(back).toMatchObject({ status: 'draft', scheduledAt: null, stats: { total: 0 } });
    });

    it('migration 0029 makes the campaigns stuck in "sending" without a list drafts again, and leaves real sends', async () => {
      const { token } = await ctx.register();
      const list = await expectJson<{ id: number }>(ctx, 'POST', '/api/crm/contact-lists', token, 201, {
        name: 'Real',
      });
      const stuck = await expectJson<Campaign>(ctx, 'POST', '/api/crm/campaigns', token, 201, {
        name: 'Stuck',
      });
      const sending = await expectJson<Campaign>(ctx, 'POST', '/api/crm/campaigns', token, 201, {
        name: 'Sending',
        contactListId: list.id,
      });
      await ctx.db.query(
        `update crm_campaigns set status = 'sending', scheduled_at = '2020-01-01T10:00:00Z' where id = any($1::int[])`,
        [[stuck.id, sending.id]],
      );
      const sql = await readFile(
        new URL('../../server/db/migrations/0029_stuck_campaigns.sql', import.meta.url),
        'utf8',
      );
      await ctx.db.exec(sql);

      const all = await campaignsOf(token);
      expect(all.find((c) => c.id === stuck.id)).toMatchObject({ status: 'draft', scheduledAt: null });
      expect(all.find((c) => c.id === sending.id)?.status).toBe('sending');
    });

    it('runs workflows on their triggers through the job engine, once per event, and logs each run', async () => {
      const { token, accountId } = await ctx.register();
      const list = await expectJson<{ id: number }>(ctx, 'POST', '/api/crm/contact-lists', token, 201, {
        name: 'Acme folk',
      });
      const welcome = await expectJson<{ id: number }>(ctx, 'POST', '/api/crm/workflows', token, 201, {
        name: 'Welcome Acme',
        trigger: 'contact.created',
        conditions: [{ field: 'company', operator: 'contains', value: 'acme' }],
        actions: [
          { type: 'create-activity', params: { type: 'call', subject: 'Welcome call', dueInDays: 2 } },
          { type: 'add-to-list', params: { contactListId: list.id } },
          { type: 'send-email', params: { subject: 'Welcome {{firstName}}', content: 'Hi {{firstName}}' } },
        ],
      });
      await expectJson(ctx, 'POST', '/api/crm/workflows', token, 201, {
        name: 'Qualified note',
        trigger: 'lead.status_changed',
        conditions: [{ field: 'status', operator: 'equals', value: 'qualified' }],
        actions: [{ type: 'update-field', params: { field: 'notes', value: 'Qualified by workflow' } }],
      });
      const email = `wf-${Date.now()}@example.com`;
      const acme = await expectJson<{ id: number }>(ctx, 'POST', '/api/crm/contacts', token, 201, {
        firstName: 'Wile',
        email,
        company: 'ACME Corp',
      });
      await expectJson(ctx, 'POST', '/api/crm/contacts', token, 201, {
        firstName: 'Other',
        company: 'Globex',
      });
      const runs = await until(async () => {
        const all = await expectJson<Run[]>(ctx, 'GET', '/api/crm/workflow-runs', token, 200);
        return all.length >= 2 ? all : undefined;
      }, 'two workflow runs');
      expect(runs.map((r) => r.status).sort()).toEqual(['completed', 'skipped']);
      const activities = await expectJson<{ subject: string; contactId: number; dueDate: string }[]>(
        ctx,
        'GET',
        '/api/crm/activities',
        token,
        200,
      );
      expect(activities).toEqual([expect.objectContaining({ subject: 'Welcome call', contactId: acme.id })]);
      const inList = await expectJson<{ totalCount: number }>(
        ctx,
        'GET',
        `/api/crm/contacts?contactListId=${list.id}`,
        token,
        200,
      );
      expect(inList.totalCount).toBe(1);
      await until(
        async () => (smtp.messages.some((m) => m.to.includes(email)) ? true : undefined),
        'the welcome mail',
      );

      // Redelivering the same event runs nothing twice.
      const event: WorkflowRunData = {
        accountId,
        workflowId: welcome.id,
        trigger: 'contact.created',
        eventKey: `contact:${acme.id}`,
        subject: { type: 'contact', id: acme.id },
        contactId: acme.id,
        dealId: null,
        data: { company: 'ACME Corp', firstName: 'Wile' },
      };
      await waitJob(ctx, 'crm-workflow-run', await ctx.jobs.send('crm-workflow-run', event));
      expect(await expectJson<unknown[]>(ctx, 'GET', '/api/crm/activities', token, 200)).toHaveLength(1);
      expect(smtp.messages.filter((m) => m.to.includes(email))).toHaveLength(1);

      const lead = await expectJson<{ id: number }>(ctx, 'POST', '/api/crm/leads', token, 201, {
        name: 'Lead',
      });
      await expectJson(ctx, 'PUT', `/api/crm/leads/${lead.id}`, token, 200, { status: 'qualified' });
      await until(async () => {
        const [row] = await expectJson<{ id: number; notes: string }[]>(
          ctx,
          'GET',
          '/api/crm/leads',
          token,
          200,
        );
        return row?.notes === 'Qualified by workflow' ? row : undefined;
      }, 'the update-field action');
    });
  },
  { jobs: () => ({ smtpUrl: smtp.url }) },
);
