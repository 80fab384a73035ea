import { expect, it } from 'vitest';
import { expectJson } from './crmHelpers.ts';
import { describeEachDatabase } from './harness.ts';

type Contact = { id: number; firstName: string; email: string };

// GET /api/crm/contacts/:id: what an opened record's address (/crm/contacts/:id) loads.
describeEachDatabase('one crm contact', (ctx) => {
  it('reads one contact of the account; another account, a missing id or a malformed one get no contact', async () => {
    const owner = await ctx.register();
    const ada = await expectJson<Contact>(ctx, 'POST', '/api/crm/contacts', owner.token, 201, {
      firstName: 'Ada',
      email: 'ada@example.com',
    });
    const read = await expectJson<Contact>(ctx, 'GET', `/api/crm/contacts/${ada.id}`, owner.token, 200);
    expect(read).toMatchObject({ id: ada.id, firstName: 'Ada', email: 'ada@example.com' });

    // Account isolation: another account's user learns nothing, not even that the id exists.
    const stranger = await ctx.register();
    const foreign = await expectJson<{ message: string }>(
      ctx,
      'GET',
      `/api/crm/contacts/${ada.id}`,
      stranger.token,
      404,
    );
    expect(foreign.message).toBe('Contact not found');

    expect(
      (await expectJson<{ message: string }>(ctx, 'GET', '/api/crm/contacts/999999', owner.token, 404))
        .message,
    ).toBe('Contact not found');
    const malformed = await expectJson<{ message: string }>(
      ctx,
      'GET',
      '/api/crm/contacts/abc',
      owner.token,
      400,
    );
    expect(malformed.message).toEqual(expect.any(String));
  });

  it('a Viewer of the account reads the contact too (reading is all a Viewer may do)', async () => {
    const owner = await ctx.register();
    const grace = await expectJson<Contact>(ctx, 'POST', '/api/crm/contacts', owner.token, 201, {
      firstName: 'Grace',
    });
    const viewer = await ctx.register();
    const added = await ctx.call('POST', `/api/accounts/${owner.accountId}/users/invite-or-add`, {
      token: owner.token,
      body: { email: viewer.email, roleName: 'Viewer' },
    });
    expect(added.statusCode, added.body).toBe(200);
    const read = await ctx.call('GET', `/api/crm/contacts/${grace.id}`, {
      token: viewer.token,
      headers: { 'x-account-id': String(owner.accountId) },
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<Contact>().firstName).toBe('Grace');
    const edit = await ctx.call('PUT', `/api/crm/contacts/${grace.id}`, {
      token: viewer.token,
      headers: { 'x-account-id': String(owner.accountId) },
      body: { firstName: 'Changed' },
    });
    expect(edit.statusCode).toBe(403);
  });
});
