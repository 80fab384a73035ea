// The writes a Viewer could make before the one permission guard: each is now a 403 that changes nothing, while
// the same request from a member whose role allows it goes through (so the request itself is a valid one).
import type { InjectOptions } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { VIEW_ONLY } from '../../server/auth/access.ts';
import { insertSubmission } from '../../server/repositories/formSubmissions.ts';
import { csvUpload } from './crmHelpers.ts';
import { describeEachDatabase, type Session } from './harness.ts';
import { checkout, uniqueStoreId } from './storeFixtures.ts';

type Request = {
  method: InjectOptions['method'];
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
};

describeEachDatabase(
  'a Viewer cannot write',
  (ctx) => {
    let admin: Session;
    let user: Session;
    let viewer: Session;
    let inAccount: Record<string, string>;

    beforeAll(async () => {
      admin = await ctx.register();
      user = await ctx.register();
      viewer = await ctx.register();
      inAccount = { 'x-account-id': String(admin.accountId) };
      for (const [member, roleName] of [
        [user, 'User'],
        [viewer, 'Viewer'],
      ] as const) {
        const added = await ctx.call('POST', `/api/accounts/${admin.accountId}/users/invite-or-add`, {
          token: admin.token,
          body: { email: member.email, roleName },
        });
        expect(added.statusCode, added.body).toBe(200);
      }
    });

    async function as(session: Session, { method, url, body, headers }: Request) {
      return ctx.call(method, url, { token: session.token, body, headers: { ...inAccount, ...headers } });
    }

    async function created<T = { id: number }>(request: Request, status = 201): Promise<T> {
      const response = await as(admin, request);
      expect(response.statusCode, `${request.method} ${request.url}: ${response.body}`).toBe(status);
      return response.json<T>();
    }

    // The rows of the tables a write could touch, as one comparable value.
    async function rowsOf(tables: string[]): Promise<string> {
      const parts: string[] = [];
      for (const table of tables) {
        const rows = await ctx.db.query<{ row: string }>(`select t::text as row from ${table} t order by 1`);
        parts.push(`${table}: ${rows.map((entry) => entry.row).join('\n')}`);
      }
      return parts.join('\n\n');
    }

    /** The Viewer's request is refused with `message` and changes none of `tables`; an allowed member's is not. */
    async function refusedThenAllowed(
      request: Request,
      tables: string[],
      allowed: { by: Session; status: number },
      message = VIEW_ONLY,
    ) {
      const before = await rowsOf(tables);
      const refused = await as(viewer, request);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toEqual({ message });
      expect(await rowsOf(tables)).toBe(before);
      const done = await as(allowed.by, request);
      expect(done.statusCode, done.body).toBe(allowed.status);
      expect(await rowsOf(tables)).not.toBe(before);
    }

    const CONTACTS = ['crm_contacts', 'crm_contact_list_members'];

    it('CRM contacts: create, update, delete', async () => {
      const contact = await created({ method: 'POST', url: '/api/crm/contacts', body: { firstName: 'Ann' } });
      const url = `/api/crm/contacts/${contact.id}`;
      const add = {
        method: 'POST',
        url: '/api/crm/contacts',
        body: { firstName: 'Eve', email: 'eve@example.com' },
      };
      await refusedThenAllowed(add, CONTACTS, { by: user, status: 201 });
      await refusedThenAllowed({ method: 'PUT', url, body: { lastName: 'Changed' } }, CONTACTS, {
        by: user,
        status: 200,
      });
      await refusedThenAllowed({ method: 'DELETE', url }, CONTACTS, { by: user, status: 204 });
    });

    it('CRM deals: create, update (a move to another stage too), delete', async () => {
      const deal = await created({ method: 'POST', url: '/api/crm/deals', body: { title: 'Shop fit-out' } });
      const url = `/api/crm/deals/${deal.id}`;
      const add = { method: 'POST', url: '/api/crm/deals', body: { title: 'Wedding buffet', value: 900 } };
      await refusedThenAllowed(add, ['crm_deals'], { by: user, status: 201 });
      await refusedThenAllowed({ method: 'PUT', url, body: { title: 'Changed', value: 1 } }, ['crm_deals'], {
        by: user,
        status: 200,
      });
      await refusedThenAllowed({ method: 'PUT', url, body: { stage: 'closed-won' } }, ['crm_deals'], {
        by: user,
        status: 200,
      });
      await refusedThenAllowed({ method: 'DELETE', url }, ['crm_deals'], { by: user, status: 204 });
    });

    it('CRM contacts: import a CSV, roll an import back, merge two contacts', async () => {
      const csv = csvUpload('First Name,Email\nZed,zed@example.com\nYan,yan@example.com\n');
      const tables = [...CONTACTS, 'crm_contact_imports', 'crm_contact_import_changes'];
      const importing = { method: 'POST', url: '/api/crm/contacts/import', ...csv } as const;
      await refusedThenAllowed(importing, tables, { by: user, status: 200 });
      const [latest] = await ctx.db.query<{ id: number }>(
        'select id from crm_contact_imports where account_id = $1 order by id desc limit 1',
        [admin.accountId],
      );
      const rollback = { method: 'POST', url: `/api/crm/contacts/imports/${latest?.id}/rollback` } as const;
      await refusedThenAllowed(rollback, tables, { by: user, status: 200 });

      const keep = await created({ method: 'POST', url: '/api/crm/contacts', body: { firstName: 'Kim' } });
      const merge = await created({ method: 'POST', url: '/api/crm/contacts', body: { lastName: 'Kim' } });
      const merging = {
        method: 'POST',
        url: '/api/crm/contacts/merge',
        body: { keepId: keep.id, mergeId: merge.id },
      };
      await refusedThenAllowed(merging, CONTACTS, { by: user, status: 200 });
    });

    it('store: create a product and a category, mark an order paid', async () => {
      const storeId = uniqueStoreId();
      await created({
        method: 'POST',
        url: '/api/ecommerce/stores',
        body: { storeId, storeName: 'Corner shop', currency: 'USD' },
      });
      const catalogue = ['products', 'store_categories'];
      const product = { storeId, name: 'Jam', price: 3, inventoryQuantity: 5 };
      await refusedThenAllowed({ method: 'POST', url: '/api/ecommerce/products', body: product }, catalogue, {
        by: user,
        status: 201,
      });
      const category = {
        method: 'POST',
        url: '/api/ecommerce/categories',
        body: { storeId, name: 'Preserves' },
      };
      await refusedThenAllowed(category, catalogue, { by: user, status: 201 });

      const [jam] = await ctx.db.query<{ id: number }>('select id from products where store_id = $1', [
        storeId,
      ]);
      const cart = (await ctx.call('POST', '/api/ecommerce/cart', { body: { storeId } })).json<{
        id: string;
      }>();
      await ctx.call('POST', `/api/ecommerce/cart/${cart.id}/items`, {
        body: { productId: jam?.id, quantity: 1 },
      });
      const order = await checkout(ctx, { cartId: cart.id });
      expect(order.statusCode, order.body).toBe(201);
      const paid = {
        method: 'PATCH',
        url: `/api/ecommerce/orders/${order.json().id}`,
        body: { action: 'markPaid' },
      };
      await refusedThenAllowed(paid, ['orders', 'order_items', 'products'], { by: user, status: 200 });
    });

    it('form submissions: change the status, delete; opening one leaves it new', async () => {
      const site = await created(
        { method: 'POST', url: '/api/website/save', body: { name: 'Forms site', pages: [] } },
        200,
      );
      const stored = await insertSubmission(ctx.db, admin.accountId, {
        formId: 'contact',
        formTitle: 'Contact us',
        websiteName: 'Forms site',
        websiteId: site.id,
        pagePath: '',
        data: { name: 'Visitor' },
      });
      const url = `/api/forms/submissions/${stored.id}`;
      const before = await rowsOf(['form_submissions']);
      expect((await as(viewer, { method: 'GET', url })).json()).toMatchObject({ status: 'new' });
      expect(await rowsOf(['form_submissions'])).toBe(before);
      expect((await as(user, { method: 'GET', url })).json()).toMatchObject({ status: 'read' });
      await refusedThenAllowed({ method: 'PATCH', url, body: { status: 'replied' } }, ['form_submissions'], {
        by: user,
        status: 200,
      });
      await refusedThenAllowed({ method: 'DELETE', url }, ['form_submissions'], { by: user, status: 204 });
    });

    it('SEO settings of a website', async () => {
      const site = await created(
        { method: 'POST', url: '/api/website/save', body: { name: 'SEO site', pages: [] } },
        200,
      );
      const settings = {
        titleSuffix: ' | Viewer was here',
        description: 'Changed by a viewer',
        canonicalBase: '',
        ogImage: '',
        noindex: true,
      };
      const put = { method: 'PUT', url: `/api/seo/websites/${site.id}/settings`, body: settings } as const;
      await refusedThenAllowed(put, ['websites'], { by: user, status: 200 });
    });

    it('the business profile: Users and Admins (Generate Website starts from it), never a Viewer', async () => {
      const profile = {
        businessName: 'Overwritten',
        industry: 'retail',
        services: 'Nothing',
        email: 'owner@example.com',
        phone: '+1 555 0100',
      };
      const setup = { method: 'POST', url: '/api/business/setup', body: profile } as const;
      await refusedThenAllowed(setup, ['business_profiles'], { by: user, status: 200 });
    });

    // Last: the send's job runs on in the background and writes the communications log.
    it('CRM campaigns: send', async () => {
      const list = await created({
        method: 'POST',
        url: '/api/crm/contact-lists',
        body: { name: 'Newsletter' },
      });
      const campaign = await created({
        method: 'POST',
        url: '/api/crm/campaigns',
        body: { name: 'Spring', subject: 'Hello', content: 'News', contactListId: list.id },
      });
      const send = { method: 'POST', url: `/api/crm/campaigns/${campaign.id}/send` } as const;
      await refusedThenAllowed(send, ['crm_campaigns', 'crm_communications'], { by: user, status: 202 });
    });
  },
  { jobs: () => ({}) },
);
