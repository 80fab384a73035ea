import { expect, it } from 'vitest';
import type { FormSubmittedEvent } from '../../server/jobs/formSubmittedJob.ts';
import { expectJson, until } from './crmHelpers.ts';
import { describeEachDatabase, type TestContext } from './harness.ts';

async function waitJob(ctx: TestContext, id: string | null) {
  await until(
    async () => ((await ctx.jobs.stateOf('form-submitted', id ?? '')) === 'completed' ? true : undefined),
    'form-submitted job',
  );
}

describeEachDatabase(
  'form-submitted job: website form submissions become leads',
  (ctx) => {
    it('turns a website form submission into a lead once, and fires form.submitted', async () => {
      const { token, accountId } = await ctx.register();
      await expectJson(ctx, 'POST', '/api/crm/workflows', token, 201, {
        name: 'Form follow-up',
        trigger: 'form.submitted',
        actions: [{ type: 'create-activity', params: { type: 'task', subject: 'Answer the form' } }],
      });
      const submission: FormSubmittedEvent = {
        accountId,
        submissionId: 41,
        websiteId: 7,
        websiteName: 'Bakery',
        formId: 'contact-form',
        formTitle: 'Contact us',
        pagePath: '/contact',
        data: { Name: 'Rosa Baker', Email: 'Rosa@Example.com', Message: 'Do you cater?' },
        submittedAt: new Date().toISOString(),
      };
      await waitJob(ctx, await ctx.jobs.send('form-submitted', submission));
      await waitJob(ctx, await ctx.jobs.send('form-submitted', submission));
      type Lead = {
        id: number;
        name: string;
        email: string;
        source: string;
        pagePath: string;
        notes: string;
        status: string;
      };
      const [lead, ...others] = await expectJson<Lead[]>(ctx, 'GET', '/api/crm/leads', token, 200);
      expect(others).toEqual([]);
      expect(lead).toMatchObject({
        name: 'Rosa Baker',
        email: 'rosa@example.com',
        source: 'website form',
        pagePath: '/contact',
        status: 'new',
        notes: 'Contact us: Do you cater?',
      });
      await waitJob(
        ctx,
        await ctx.jobs.send('form-submitted', {
          ...submission,
          submissionId: 42,
          pagePath: '/order',
          data: { email: 'rosa@example.com', message: 'Cake?' },
        }),
      );
      const [same] = await expectJson<Lead[]>(ctx, 'GET', '/api/crm/leads', token, 200);
      expect(same).toMatchObject({
        id: lead?.id,
        pagePath: '/order',
        notes: 'Contact us: Do you cater?\nContact us: Cake?',
      });
      await until(async () => {
        const tasks = await expectJson<unknown[]>(ctx, 'GET', '/api/crm/activities', token, 200);
        return tasks.length === 2 ? tasks : undefined;
      }, 'one follow-up task per submission');
    });
  },
  { jobs: () => ({}) },
);
