import { expect, it } from 'vitest';
import { describeEachDatabase } from './harness.ts';

describeEachDatabase('accounts', (ctx) => {
  it('lists the accounts the caller belongs to, first joined first', async () => {
    const owner = await ctx.register({ name: 'Olga' });
    const member = await ctx.register({ name: 'Max' });
    await ctx.db.query(
      "insert into account_members (account_id, user_id, joined_at) values ($1, $2, now() + interval '1 second')",
      [owner.accountId, member.userId],
    );
    const response = await ctx.call('GET', '/api/accounts', { token: member.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        id: member.accountId,
        name: "Max's account",
        industry: '',
        description: '',
        isActive: true,
        roleName: 'Admin',
      },
      {
        id: owner.accountId,
        name: "Olga's account",
        industry: '',
        description: '',
        isActive: true,
        roleName: 'User',
      },
    ]);
    const ownerView = await ctx.call('GET', '/api/accounts', { token: owner.token });
    expect(ownerView.json().map((account: { id: number }) => account.id)).toEqual([owner.accountId]);
  });

  it('tells each member their own role in the account, which follows a role change', async () => {
    const owner = await ctx.register();
    const viewer = await ctx.register();
    const added = await ctx.call('POST', `/api/accounts/${owner.accountId}/users/invite-or-add`, {
      token: owner.token,
      body: { email: viewer.email, roleName: 'Viewer' },
    });
    expect(added.statusCode).toBe(200);
    const roleIn = async (token: string) =>
      (await ctx.call('GET', '/api/accounts', { token }))
        .json<Array<{ id: number; roleName: string }>>()
        .find((account) => account.id === owner.accountId)?.roleName;
    expect(await roleIn(viewer.token)).toBe('Viewer');
    expect(await roleIn(owner.token)).toBe('Admin');

    const changed = await ctx.call('POST', `/api/accounts/${owner.accountId}/users/${viewer.userId}`, {
      token: owner.token,
      body: { roleName: 'User' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await roleIn(viewer.token)).toBe('User');
  });

  it('needs a valid token and a valid account header', async () => {
    expect((await ctx.call('GET', '/api/accounts')).statusCode).toBe(401);
    const session = await ctx.register();
    const foreign = await ctx.register();
    const response = await ctx.call('GET', '/api/accounts', {
      token: session.token,
      headers: { 'x-account-id': String(foreign.accountId) },
    });
    expect(response.statusCode).toBe(403);
  });
});
