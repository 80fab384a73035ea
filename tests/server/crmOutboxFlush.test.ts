import { afterAll, beforeAll, expect, it } from 'vitest';
import { flushOutbox } from '../../server/crm/outboxFlush.ts';
import { createMailer } from '../../server/jobs/mailer.ts';
import { expectJson, until } from './crmHelpers.ts';
import { describeEachDatabase } from './harness.ts';
import { type SmtpServer, startSmtpServer } from './smtpServer.ts';

let smtp: SmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
});

type Campaign = { id: number; stats: { sent: number; outbox: number; failed: number } };
const quiet = { info: () => {} };

describeEachDatabase(
  'crm outbox: messages written without a mail server are sent once there is one',
  (ctx) => {
    it('a campaign sent without SMTP waits in the outbox; the flush sends each message once and the campaign says so', async () => {
      const { token } = await ctx.register();
      const list = await expectJson<{ id: number }>(ctx, 'POST', '/api/crm/contact-lists', token, 201, {
        name: 'Waiting',
      });
      const people = ['fay', 'gus', 'hal'].map((name) => `${name}-${Date.now()}@example.com`);
      for (const email of people)
        await expectJson(ctx, 'POST', '/api/crm/contacts', token, 201, { email, contactListIds: [list.id] });
      const campaign = await expectJson<Campaign>(ctx, 'POST', '/api/crm/campaigns', token, 201, {
        name: 'Later',
        subject: 'Hello',
        content: 'Hi',
        contactListId: list.id,
      });
      await expectJson(ctx, 'POST', `/api/crm/campaigns/${campaign.id}/send`, token, 202);
      const stats = async () =>
        (await expectJson<Campaign[]>(ctx, 'GET', '/api/crm/campaigns', token, 200)).find(
          (c) => c.id === campaign.id,
        )?.stats;
      await until(
        async () => ((await stats())?.outbox === 3 ? true : undefined),
        'three messages in the outbox',
      );
      expect(smtp.messages.filter((m) => m.to.some((to) => people.includes(to)))).toHaveLength(0);

      smtp.rejected.add(people[2] ?? '');
      const mailer = createMailer({ smtpUrl: smtp.url, from: 'shop@example.com' }, quiet);
      // Two processes starting together: each message is claimed by one of them.
      const [a, b] = await Promise.all([flushOutbox(ctx.db, mailer), flushOutbox(ctx.db, mailer)]);
      expect(a.sent + b.sent).toBeGreaterThanOrEqual(2);
      const received = smtp.messages.filter((m) => m.to.some((to) => people.includes(to)));
      expect(received.map((m) => m.to[0]).sort()).toEqual([people[0], people[1]].sort());
      expect(await stats()).toMatchObject({ sent: 2, outbox: 0, failed: 1 });

      // Nothing waits any more: a second flush sends nothing.
      expect(await flushOutbox(ctx.db, mailer)).toEqual({ sent: 0, failed: 0 });
      expect(smtp.messages.filter((m) => m.to.some((to) => people.includes(to)))).toHaveLength(2);
    });

    it('without a mail server the flush leaves the outbox as it is', async () => {
      const { token } = await ctx.register();
      const list = await expectJson<{ id: number }>(ctx, 'POST', '/api/crm/contact-lists', token, 201, {
        name: 'Still waiting',
      });
      await expectJson(ctx, 'POST', '/api/crm/contacts', token, 201, {
        email: `ivy-${Date.now()}@example.com`,
        contactListIds: [list.id],
      });
      const campaign = await expectJson<Campaign>(ctx, 'POST', '/api/crm/campaigns', token, 201, {
        name: 'Never',
        subject: 'Hello',
        content: 'Hi',
        contactListId: list.id,
      });
      await expectJson(ctx, 'POST', `/api/crm/campaigns/${campaign.id}/send`, token, 202);
      const outbox = async () =>
        (await expectJson<Campaign[]>(ctx, 'GET', '/api/crm/campaigns', token, 200)).find(
          (c) => c.id === campaign.id,
        )?.stats.outbox;
      await until(async () => ((await outbox()) === 1 ? true : undefined), 'the message in the outbox');
      expect(
        await flushOutbox(ctx.db, createMailer({ smtpUrl: null, from: 'x@example.com' }, quiet)),
      ).toEqual({
        sent: 0,
        failed: 0,
      });
      expect(await outbox()).toBe(1);
    });
  },
  { jobs: () => ({}) },
);
