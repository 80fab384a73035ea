import type { QueryKey } from '@tanstack/react-query';
import { expect, test } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { Contact } from '../../src/contracts/crm.ts';
import { createLiveCrmMachine } from '../../src/machines/crm/liveCrmMachine.ts';
import { createHttp } from '../../src/services/http/http.ts';
import { createQueryClient } from '../../src/services/http/queryClient.ts';

const contact = (id: number, firstName: string) =>
  ({ id, firstName, lastName: 'Lovelace', email: `${firstName.toLowerCase()}@example.com` }) as Contact;

// What the CRM's views had on screen before the edit, by key (the keys the views and the CRM actor use).
const CACHED: [QueryKey, unknown][] = [
  [['crm', 'contacts', 'one', 1], contact(1, 'Ada')],
  [['crm', 'contacts', 'one', 2], contact(2, 'Bo')],
  [
    ['crm', 'contacts', { page: 1, pageSize: 20, search: '', contactListId: null }],
    { contacts: [contact(1, 'Ada'), contact(2, 'Bo')], totalCount: 2 },
  ],
  [['crm', 'leads', 'all'], []],
  [['crm', 'leads', { page: 1, pageSize: 20, search: '' }], { rows: [], totalCount: 0 }],
  [['crm', 'deals'], []],
  [['crm', 'activities', 'all'], []],
  [['crm', 'workflows'], []],
  [['crm', 'stats'], { totalContacts: 2, totalLeads: 0, totalDeals: 0, totalRevenue: 0, conversionRate: 0 }],
  [['crm', 'pipelines'], []],
  [['crm', 'campaigns'], []],
  [['crm', 'inbox'], []],
];

async function editAda() {
  // The server: the edit answers with the saved contact; any other call is a 404 (and is listed).
  const requests: string[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    const request = input as Request;
    const call = `${request.method} ${new URL(request.url).pathname}`;
    requests.push(call);
    const found = call === 'PUT /api/crm/contacts/1';
    return new Response(JSON.stringify(found ? contact(1, 'Ada Augusta') : { message: 'no route' }), {
      status: found ? 200 : 404,
      headers: { 'content-type': 'application/json' },
    });
  };
  const http = createHttp({
    getToken: () => 'token-1',
    getAccountId: () => 'a1',
    onUnauthorized: () => {},
    notify: () => {},
    fetch,
  });
  const queryClient = createQueryClient();
  for (const [key, data] of CACHED) queryClient.setQueryData(key, data);
  const crm = createActor(createLiveCrmMachine(http, queryClient)).start();
  // The lists it opens with are in the cache and fresh: nothing is asked for.
  await waitFor(crm, (s) => s.matches('ready'));
  crm.send({
    type: 'crm.write',
    write: { kind: 'updateContact', id: 1, input: { firstName: 'Ada Augusta' } },
  });
  await waitFor(crm, (s) => s.matches('ready'));
  await new Promise((resolve) => setTimeout(resolve, 0));
  const stale = queryClient
    .getQueryCache()
    .findAll({ stale: true })
    .filter((query) => query.state.isInvalidated)
    .map((query) => query.queryKey);
  crm.stop();
  return { queryClient, stale, requests };
}

test('a contact edit writes the contact and marks stale only the lists that can hold it', async () => {
  const { queryClient, stale, requests } = await editAda();
  // One call: the edit. Nothing else is loaded again.
  expect(requests).toEqual(['PUT /api/crm/contacts/1']);
  // The contact's own record and its row on the page show the server's answer at once.
  expect(queryClient.getQueryData<Contact>(['crm', 'contacts', 'one', 1])?.firstName).toBe('Ada Augusta');
  const page = queryClient.getQueryData<{ contacts: Contact[] }>([
    'crm',
    'contacts',
    { page: 1, pageSize: 20, search: '', contactListId: null },
  ]);
  expect(page?.contacts.map((c) => c.firstName)).toEqual(['Ada Augusta', 'Bo']);
  // Stale: the contacts' page (a search may no longer match) and the activities naming her; not another
  // contact's record, nor leads, deals, workflows, totals, pipelines, campaigns or the inbox.
  expect(stale).toEqual([
    ['crm', 'contacts', { page: 1, pageSize: 20, search: '', contactListId: null }],
    ['crm', 'activities', 'all'],
  ]);
});
