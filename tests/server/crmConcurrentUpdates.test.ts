import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import type { WorkflowRunData } from '../../server/crm/crmEvents.ts';
import type { Db } from '../../server/db/types.ts';
import type { CrmDeps } from '../../server/routes/crm/crmDeps.ts';
import { salesRoutes } from '../../server/routes/crm/salesRoutes.ts';
import { createValidatorCompiler } from '../../server/validation.ts';
import { expectJson } from './crmHelpers.ts';
import { describeEachDatabase, type TestContext } from './harness.ts';

/**
 * The suite's database behind a round trip of a few milliseconds per statement, as over a network: requests
 * that arrive together then really overlap (on a local database the first would often finish before the
 * second starts). Transactions pass through as they are: inside one, the database's own locks decide.
 */
function slowDb(db: Db): Db {
  const roundTrip = () => new Promise((resolve) => setTimeout(resolve, 25));
  return {
    ...db,
    query: async (sql, params) => {
      await roundTrip();
      return db.query(sql, params);
    },
    one: async (sql, params) => {
      await roundTrip();
      return db.one(sql, params);
    },
    transaction: (fn) => db.transaction(fn),
  };
}

/**
 * The CRM's sales routes on the suite's database with a workflow queue that records what it is given, acting
 * on one account (the permission guard is the full app's business: crm.test.ts and the role matrix).
 */
async function salesApp(
  ctx: TestContext,
  accountId: number,
  runs: WorkflowRunData[],
): Promise<FastifyInstance> {
  const app = Fastify();
  app.setValidatorCompiler(createValidatorCompiler());
  app.decorateRequest('accountId', null);
  app.addHook('onRequest', async (request) => {
    request.accountId = accountId;
  });
  const deps = {
    db: slowDb(ctx.db),
    config: ctx.config,
    queueRun: async (data: WorkflowRunData) => {
      runs.push(data);
    },
  } as unknown as CrmDeps;
  await app.register(salesRoutes, deps);
  await app.ready();
  return app;
}

describeEachDatabase('crm: concurrent changes of one record', (ctx) => {
  let app: FastifyInstance | null = null;
  afterEach(async () => {
    await app?.close();
    app = null;
  });

  async function setUp(trigger: 'lead.status_changed' | 'deal.stage_changed') {
    const { token, accountId } = await ctx.register();
    await expectJson(ctx, 'POST', '/api/crm/workflows', token, 201, {
      name: `On ${trigger}`,
      trigger,
      conditions: [],
      actions: [{ type: 'update-field', params: { field: 'notes', value: 'seen' } }],
    });
    const runs: WorkflowRunData[] = [];
    app = await salesApp(ctx, accountId, runs);
    return { token, runs, app };
  }

  it('names the status a lead really left when two changes arrive at once', async () => {
    const { token, runs, app: sales } = await setUp('lead.status_changed');
    const lead = await expectJson<{ id: number; status: string }>(ctx, 'POST', '/api/crm/leads', token, 201, {
      name: 'Ada',
    });
    expect(lead.status).toBe('new');
    const put = (status: string) =>
      sales.inject({ method: 'PUT', url: `/api/crm/leads/${lead.id}`, payload: { status } });
    const answers = await Promise.all([put('contacted'), put('qualified')]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);

    // One change left 'new'; the other left what the first set, never 'new' a second time.
    const moves = runs.map((run) => `${run.data.previousStatus}->${run.data.status}`).sort();
    expect(moves).toHaveLength(2);
    const last = await expectJson<{ status: string }[]>(ctx, 'GET', '/api/crm/leads', token, 200);
    const final = last[0]?.status;
    const first = final === 'qualified' ? 'contacted' : 'qualified';
    expect(moves).toEqual([`new->${first}`, `${first}->${final}`].sort());
  });

  it('names the stage a deal really left when two moves arrive at once', async () => {
    const { token, runs, app: sales } = await setUp('deal.stage_changed');
    const deal = await expectJson<{ id: number; stage: string }>(ctx, 'POST', '/api/crm/deals', token, 201, {
      title: 'Big one',
    });
    const pipelines = await expectJson<{ stages: string[] }[]>(ctx, 'GET', '/api/crm/pipelines', token, 200);
    const [start = '', second = '', third = ''] = pipelines[0]?.stages ?? [];
    expect(deal.stage).toBe(start);
    const put = (stage: string) =>
      sales.inject({ method: 'PUT', url: `/api/crm/deals/${deal.id}`, payload: { stage } });
    const answers = await Promise.all([put(second), put(third)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);

    const moves = runs.map((run) => `${run.data.previousStage}->${run.data.stage}`).sort();
    const deals = await expectJson<{ id: number; stage: string }[]>(ctx, 'GET', '/api/crm/deals', token, 200);
    const final = deals.find((row) => row.id === deal.id)?.stage;
    const first = final === third ? second : third;
    expect(moves).toEqual([`${start}->${first}`, `${first}->${final}`].sort());
  });
});
