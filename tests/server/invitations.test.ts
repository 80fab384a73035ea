import { expect, it } from 'vitest';
import { describeEachDatabase, type Session, type TestContext, uniqueEmail } from './harness.ts';

async function invite(ctx: TestContext, owner: Session, email: string, roleName = 'User') {
  const response = await ctx.call('POST', `/api/accounts/${owner.accountId}/users/invite-or-add`, {
    token: owner.token,
    body: { email, roleName },
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<{ wasExistingUser: boolean; invitationLink?: string; expiresAt?: string }>();
  return { ...body, token: body.invitationLink?.split('#')[1] ?? '' };
}

async function accept(ctx: TestContext, session: Session, token: string) {
  return ctx.call('POST', '/api/invitations/accept', { token: session.token, body: { token } });
}

async function preview(ctx: TestContext, token: string) {
  return ctx.call('POST', '/api/invitations/preview', { body: { token } });
}

async function memberIds(ctx: TestContext, owner: Session): Promise<number[]> {
  const response = await ctx.call('GET', `/api/accounts/${owner.accountId}/users`, { token: owner.token });
  return response.json<Array<{ userId: number }>>().map((member) => member.userId);
}

describeEachDatabase('invitations', (ctx) => {
  it('a new address gets a single-use link, valid 7 days, stored only as a hash', async () => {
    const owner = await ctx.register();
    const email = uniqueEmail('new');
    const before = Date.now();
    const invitation = await invite(ctx, owner, ` ${email.toUpperCase()} `, 'Admin');

    expect(invitation.wasExistingUser).toBe(false);
    expect(invitation.invitationLink).toMatch(/^http:\/\/localhost(:\d+)?\/invite#[A-Za-z0-9_-]{43}$/);
    const days = (Date.parse(invitation.expiresAt ?? '') - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    const row = await ctx.db.one<{ email: string; token_hash: string; role_name: string }>(
      'select email, token_hash, role_name from invitations where account_id = $1',
      [owner.accountId],
    );
    expect(row).toMatchObject({ email, role_name: 'Admin' });
    expect(row?.token_hash).not.toContain(invitation.token);
    const pending = await ctx.call('GET', `/api/accounts/${owner.accountId}/invitations`, {
      token: owner.token,
    });
    expect(pending.json()).toMatchObject([{ email, roleName: 'Admin', expired: false }]);
  });

  it('registering alone joins nothing: only the link (sent to the address) takes the invitation up', async () => {
    const owner = await ctx.register();
    const email = uniqueEmail('joiner');
    const { token } = await invite(ctx, owner, email);

    // Someone typing the address without the link gets their own account and no membership.
    const joiner = await ctx.register({ email });
    expect(await memberIds(ctx, owner)).toEqual([owner.userId]);
    expect((await preview(ctx, token)).json()).toMatchObject({ state: 'valid', hasAccount: true });

    // With the link, signing in takes it up; anyone else then finds it used.
    expect((await accept(ctx, joiner, token)).json()).toMatchObject({
      accountId: owner.accountId,
      roleName: 'User',
    });
    expect(await memberIds(ctx, owner)).toEqual([owner.userId, joiner.userId]);
    expect((await preview(ctx, token)).json()).toMatchObject({ state: 'used' });
    const other = await ctx.register();
    const reuse = await accept(ctx, other, token);
    expect(reuse.statusCode).toBe(409);
    expect(reuse.json()).toEqual({ message: 'This invitation has already been used' });
    expect(await memberIds(ctx, owner)).toEqual([owner.userId, joiner.userId]);
  });

  it('the link works for the invited address only, once', async () => {
    const owner = await ctx.register();
    const email = uniqueEmail('later');
    const { token } = await invite(ctx, owner, email);
    // Someone who signs up under another address and then opens the link is refused.
    const person = await ctx.register();
    const wrong = await accept(ctx, person, token);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ message: 'This invitation was sent to another email address' });

    // Once their address is the invited one, the same link works.
    const renamed = await ctx.call('PUT', '/api/user/profile', {
      token: person.token,
      body: { name: 'Later', email, currentPassword: person.password },
    });
    expect(renamed.statusCode).toBe(200);
    const accepted = await accept(ctx, person, token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({
      accountId: owner.accountId,
      accountName: expect.any(String),
      roleName: 'User',
    });
    expect(await memberIds(ctx, owner)).toEqual([owner.userId, person.userId]);
    // The member reads the account on their very next request.
    const users = await ctx.call('GET', `/api/accounts/${owner.accountId}/users`, { token: person.token });
    expect(users.statusCode).toBe(200);
  });

  it('an expired invitation is refused, at the link and at sign-up with it', async () => {
    const owner = await ctx.register();
    const email = uniqueEmail('late');
    const { token } = await invite(ctx, owner, email);
    await ctx.db.query("update invitations set expires_at = now() - interval '1 minute' where email = $1", [
      email,
    ]);

    expect((await preview(ctx, token)).json()).toMatchObject({ state: 'expired', hasAccount: false });
    const signUp = await ctx.call('POST', '/api/auth/register', {
      body: { email, password: 'secret-pass', invitationToken: token },
    });
    expect(signUp.statusCode).toBe(410);
    expect(signUp.json()).toEqual({ message: 'This invitation has expired' });
    // Refused as a whole: no user was created.
    expect((await preview(ctx, token)).json()).toMatchObject({ hasAccount: false });

    const late = await ctx.register({ email });
    expect(await memberIds(ctx, owner)).toEqual([owner.userId]);
    const response = await accept(ctx, late, token);
    expect(response.statusCode).toBe(410);
    expect(response.json()).toEqual({ message: 'This invitation has expired' });
    expect(await memberIds(ctx, owner)).toEqual([owner.userId]);
    const pending = await ctx.call('GET', `/api/accounts/${owner.accountId}/invitations`, {
      token: owner.token,
    });
    expect(pending.json()).toMatchObject([{ email, expired: true }]);
  });

  it('inviting again renews the link and retires the old one; a revoked link says so', async () => {
    const owner = await ctx.register();
    const email = uniqueEmail('twice');
    const first = await invite(ctx, owner, email);
    const second = await invite(ctx, owner, email, 'Admin');
    expect(second.token).not.toBe(first.token);
    const pending = await ctx.call('GET', `/api/accounts/${owner.accountId}/invitations`, {
      token: owner.token,
    });
    expect(pending.json()).toMatchObject([{ email, roleName: 'Admin' }]);

    const person = await ctx.register();
    await ctx.db.query('update users set email = $2 where id = $1', [person.userId, email]);
    expect((await accept(ctx, person, first.token)).statusCode).toBe(404);

    const [{ id }] = pending.json<Array<{ id: number }>>();
    const revoked = await ctx.call('DELETE', `/api/accounts/${owner.accountId}/invitations/${id}`, {
      token: owner.token,
    });
    expect(revoked.statusCode).toBe(204);
    const gone = await accept(ctx, person, second.token);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toEqual({ message: 'This invitation was revoked' });
    expect((await preview(ctx, second.token)).json()).toMatchObject({ state: 'revoked' });
    expect(await memberIds(ctx, owner)).toEqual([owner.userId]);
    // No longer pending; revoking it again finds nothing.
    const list = await ctx.call('GET', `/api/accounts/${owner.accountId}/invitations`, {
      token: owner.token,
    });
    expect(list.json()).toEqual([]);
    const again = await ctx.call('DELETE', `/api/accounts/${owner.accountId}/invitations/${id}`, {
      token: owner.token,
    });
    expect(again.statusCode).toBe(404);
  });

  it('parallel acceptance of one link by its owner adds them once', async () => {
    const owner = await ctx.register();
    const email = uniqueEmail('race');
    const { token } = await invite(ctx, owner, email);
    const person = await ctx.register();
    await ctx.db.query('update users set email = $2 where id = $1', [person.userId, email]);

    const responses = await Promise.all(Array.from({ length: 5 }, () => accept(ctx, person, token)));

    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await memberIds(ctx, owner)).toEqual([owner.userId, person.userId]);
  });

  it('Add Existing User (existingOnly) with an address no user has: a 404 that says what to do, and nothing created', async () => {
    const owner = await ctx.register();
    const email = uniqueEmail('typo');
    const response = await ctx.call('POST', `/api/accounts/${owner.accountId}/users/invite-or-add`, {
      token: owner.token,
      body: { email, roleName: 'User', existingOnly: true },
    });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      message: 'No user has this email address. To invite someone new, use Add User.',
    });
    // No invitation (row or pending list), no membership, nothing logged as invited.
    const rows = await ctx.db.query('select id from invitations where account_id = $1 or email = $2', [
      owner.accountId,
      email,
    ]);
    expect(rows).toEqual([]);
    const pending = await ctx.call('GET', `/api/accounts/${owner.accountId}/invitations`, {
      token: owner.token,
    });
    expect(pending.json()).toEqual([]);
    expect(await memberIds(ctx, owner)).toEqual([owner.userId]);
    const logged = await ctx.db.query(
      "select id from activity_logs where account_id = $1 and type = 'member.invited'",
      [owner.accountId],
    );
    expect(logged).toEqual([]);
  });

  it('Add Existing User (existingOnly) with a user’s address adds them; without the flag a new address is still invited', async () => {
    const owner = await ctx.register();
    const person = await ctx.register();
    const added = await ctx.call('POST', `/api/accounts/${owner.accountId}/users/invite-or-add`, {
      token: owner.token,
      body: { email: person.email, roleName: 'User', existingOnly: true },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual({ wasExistingUser: true });
    expect(await memberIds(ctx, owner)).toEqual([owner.userId, person.userId]);

    // Add User to Account: the original payload (and an explicit false) invites an unknown address.
    expect((await invite(ctx, owner, uniqueEmail('invited'))).wasExistingUser).toBe(false);
    const explicit = await ctx.call('POST', `/api/accounts/${owner.accountId}/users/invite-or-add`, {
      token: owner.token,
      body: { email: uniqueEmail('invited'), roleName: 'User', existingOnly: false },
    });
    expect(explicit.statusCode, explicit.body).toBe(200);
    expect(explicit.json()).toMatchObject({ wasExistingUser: false });
  });

  it('rejects malformed tokens and unknown fields with 400', async () => {
    const session = await ctx.register();
    for (const body of [
      {},
      { token: 'short' },
      { token: 'has spaces in it, not base64url' },
      { token: 'x'.repeat(43), a: 1 },
    ]) {
      const response = await ctx.call('POST', '/api/invitations/accept', { token: session.token, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});
