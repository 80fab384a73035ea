import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import type { LiveEvent } from '../../src/contracts/liveEvents.ts';
import { crmKeys } from '../../src/services/crm/crmQueries.ts';
import { submissionsKey } from '../../src/services/forms/formQueries.ts';
import { createHttp } from '../../src/services/http/http.ts';
import { queryKeys } from '../../src/services/http/queryKeys.ts';
import { applyLiveEvents } from '../../src/services/live/liveEventKeys.ts';
import { reconnectDelayMs, runLiveEventStream, sseFrames } from '../../src/services/live/liveEventStream.ts';
import { storeKeys } from '../../src/services/store/storeQueries.ts';

// What the views of a busy session hold in the cache: live data and data no live event touches.
const CACHED: Record<string, QueryKey> = {
  me: queryKeys.me,
  accounts: queryKeys.accounts,
  websites: queryKeys.websites,
  businessProfile: queryKeys.businessProfile,
  formInbox: submissionsKey,
  crmInboxPage: crmKeys.inboxPage({ page: 1, pageSize: 20 } as never),
  ordersPage1: [...storeKeys.orders('shop-a'), { skip: 0, take: 20 }],
  ordersOtherStore: [...storeKeys.orders('shop-b'), { skip: 0, take: 20 }],
  ordersSummary: storeKeys.ordersSummary,
  ownerProducts: [...storeKeys.ownerProducts('shop-a'), { skip: 0 }],
  storefront: [...storeKeys.catalogue('shop-a'), { skip: 0 }],
  productPage: storeKeys.product('shop-a', 3),
  categories: storeKeys.categories('shop-a'),
  contactsPage: crmKeys.contacts({ page: 1, pageSize: 20 } as never),
  allContacts: crmKeys.allContacts,
  contactLists: crmKeys.contactLists,
  stats: crmKeys.stats,
  leadsPage: crmKeys.leads({ page: 1, pageSize: 20 } as never),
  activitiesPage: crmKeys.activities({ page: 1, pageSize: 20 } as never),
  pipelines: crmKeys.pipelines,
  campaigns: crmKeys.campaigns,
  adminActivity: ['admin', 'activity', { page: 1 }],
  adminUsers: ['admin', 'users', { page: 1 }],
  presence: queryKeys.presence,
};

/** The names of the cached queries that `events` marked stale. */
async function invalidatedBy(events: LiveEvent[]): Promise<string[]> {
  const queryClient = new QueryClient();
  for (const key of Object.values(CACHED)) queryClient.setQueryData(key, { cached: true });
  await applyLiveEvents(queryClient, events);
  return Object.entries(CACHED)
    .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
    .map(([name]) => name)
    .sort();
}

describe('live events → query keys', () => {
  test('each kind invalidates exactly the queries that show it', async () => {
    expect(await invalidatedBy([{ kind: 'forms', id: '4' }])).toEqual(['crmInboxPage', 'formInbox']);
    // An order moves stock: the products' lists and pages show it (a storefront's quantity limit too).
    expect(await invalidatedBy([{ kind: 'orders', id: 'ord_1' }])).toEqual([
      'ordersOtherStore',
      'ordersPage1',
      'ordersSummary',
      'ownerProducts',
      'productPage',
      'storefront',
    ]);
    expect(await invalidatedBy([{ kind: 'crm.contact', id: '7' }])).toEqual([
      'allContacts',
      'contactLists',
      'contactsPage',
      'stats',
    ]);
    expect(await invalidatedBy([{ kind: 'crm.lead' }])).toEqual(['crmInboxPage', 'leadsPage', 'stats']);
    expect(await invalidatedBy([{ kind: 'crm.deal', id: '1' }])).toEqual(['stats']);
    expect(await invalidatedBy([{ kind: 'crm.activity', id: '1' }])).toEqual(['activitiesPage']);
    expect(await invalidatedBy([{ kind: 'crm.pipeline' }])).toEqual(['pipelines']);
    expect(await invalidatedBy([{ kind: 'crm.list', id: '2' }])).toEqual([
      'allContacts',
      'contactLists',
      'contactsPage',
    ]);
    expect(await invalidatedBy([{ kind: 'activity' }])).toEqual(['adminActivity']);
    expect(await invalidatedBy([{ kind: 'presence', id: '7' }])).toEqual(['presence']);
  });

  test('a batch invalidates the union; a resync every live query, and never the session or websites', async () => {
    expect(
      await invalidatedBy([
        { kind: 'forms', id: '1' },
        { kind: 'presence', id: '3' },
      ]),
    ).toEqual(['crmInboxPage', 'formInbox', 'presence']);
    expect(await invalidatedBy([{ kind: 'resync' }])).toEqual(
      [
        'activitiesPage',
        'adminActivity',
        'allContacts',
        'contactLists',
        'contactsPage',
        'crmInboxPage',
        'formInbox',
        'leadsPage',
        'ordersOtherStore',
        'ordersPage1',
        'ordersSummary',
        'ownerProducts',
        'pipelines',
        'presence',
        'productPage',
        'stats',
        'storefront',
      ].sort(),
    );
  });
});

async function* chunks(...parts: string[]) {
  yield* parts;
}

async function collect(parts: string[]) {
  const frames = [];
  for await (const frame of sseFrames(chunks(...parts))) frames.push(frame);
  return frames;
}

describe('the event stream client', () => {
  test('reads frames cut anywhere, skipping heartbeat comments', async () => {
    expect(
      await collect([
        'retry: 2000\nevent: ready\ndata: {"accountId":1}\n\n: ping\n\nevent: cha',
        'nge\ndata: {"events":[{"kind":"forms","id":"4"}]}\n',
        '\n',
      ]),
    ).toEqual([
      { event: 'ready', data: '{"accountId":1}' },
      { event: 'change', data: '{"events":[{"kind":"forms","id":"4"}]}' },
    ]);
  });

  /** A client whose fetch answers each call with the next of `answers` (a stream body, or a status). */
  function streamClient(answers: Array<string[] | number>) {
    const requests: Request[] = [];
    let signOuts = 0;
    const http = createHttp({
      getToken: () => 'token-1',
      getAccountId: () => '12',
      onUnauthorized: () => {
        signOuts += 1;
      },
      notify: () => {},
      baseUrl: 'http://app.test',
      fetch: async (input) => {
        requests.push(input as Request);
        const answer = answers.shift() ?? 401;
        if (typeof answer === 'number') {
          return new Response(JSON.stringify({ message: 'Session expired' }), {
            status: answer,
            headers: { 'content-type': 'application/json' },
          });
        }
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            for (const part of answer) controller.enqueue(new TextEncoder().encode(part));
            controller.close();
          },
        });
        return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
      },
    });
    return { http, requests, signOuts: () => signOuts };
  }

  test('sends the session headers, hands over each batch, reconnects with backoff and resyncs after', async () => {
    const { http, requests, signOuts } = streamClient([
      ['event: ready\ndata: {}\n\n', 'event: change\ndata: {"events":[{"kind":"orders","id":"o1"}]}\n\n'],
      503,
      ['event: ready\ndata: {}\n\n', 'event: change\ndata: {"events":[{"kind":"crm.deal"}]}\n\n'],
      401,
    ]);
    const batches: LiveEvent[][] = [];
    const delays: number[] = [];
    const stopped = await runLiveEventStream({
      http,
      signal: new AbortController().signal,
      onEvents: (events) => batches.push(events),
      sleep: async (ms) => {
        delays.push(ms);
      },
    });
    expect(requests.map((request) => new URL(request.url).pathname)).toEqual([
      '/api/events',
      '/api/events',
      '/api/events',
      '/api/events',
    ]);
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer token-1');
    expect(requests[0]?.headers.get('x-account-id')).toBe('12');
    expect(batches).toEqual([[{ kind: 'orders', id: 'o1' }], [{ kind: 'resync' }], [{ kind: 'crm.deal' }]]);
    // After the first stream ended: 1 s; after the 503: 2 s; the third stream was subscribed: 1 s again.
    expect(delays).toEqual([reconnectDelayMs(0), reconnectDelayMs(1), reconnectDelayMs(0)]);
    expect(delays).toEqual([1000, 2000, 1000]);
    // The 401 ended the session through the http client's catalogue, and the stream gave up.
    expect(stopped).toBe('refused');
    expect(signOuts()).toBe(1);
  });

  test('stops when aborted (sign-out, another account)', async () => {
    const { http, requests } = streamClient([['event: ready\ndata: {}\n\n']]);
    const abort = new AbortController();
    const stopped = await runLiveEventStream({
      http,
      signal: abort.signal,
      onEvents: () => {},
      sleep: async () => abort.abort(),
    });
    expect(stopped).toBe('aborted');
    expect(requests).toHaveLength(1);
  });
});
