import { expect, it } from 'vitest';
import {
  DEFAULT_PASSWORD,
  describeEachDatabase,
  type Session,
  type TestContext,
  uniqueEmail,
} from './harness.ts';

async function invite(ctx: TestContext, owner: Session, email: string, roleName = 'User'): Promise<string> {
  const response = await ctx.call('POST', `/api/accounts/${owner.accountId}/users/invite-or-add`, {
    token: owner.token,
    body: { email, roleName },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ invitationLink?: string }>().invitationLink?.split('#')[1] ?? '';
}

const preview = (ctx: TestContext, token: string) =>
  ctx.call('POST', '/api/invitations/preview', { body: { token } });

async function pendingIds(ctx: TestContext, owner: Session): Promise<number[]> {
  const response = await ctx.call('GET', `/api/accounts/${owner.accountId}/invitations`, {
    token: owner.token,
  });
  return response.json<Array<{ id: number }>>().map((invitation) => invitation.id);
}

async function memberEmails(ctx: TestContext, owner: Session): Promise<string[]> {
  const response = await ctx.call('GET', `/api/accounts/${owner.accountId}/users`, { token: owner.token });
  return response.json<Array<{ userEmail: string }>>().map((member) => member.userEmail);
}

describeEachDatabase('invitation links', (ctx) => {
  it('the public preview names the account, the inviter and the address, and whether it has a user', async () => {
    const owner = await ctx.register({ name: 'Olga Owner' });
    const email = uniqueEmail('preview');
    const token = await invite(ctx, owner, email, 'Admin');

    const response = await preview(ctx, token);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      accountName: "Olga Owner's account",
      inviterName: 'Olga Owner',
      email,
      hasAccount: false,
      state: 'valid',
      expiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    // Once the address has a user (registered on their own), the page offers Sign in.
    await ctx.register({ email });
    expect((await preview(ctx, token)).json()).toMatchObject({ hasAccount: true, state: 'valid' });
  });

  it('an unknown token reveals nothing (404), a malformed one is a 400', async () => {
    const unknown = await preview(ctx, 'x'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Invitation not found' });
    for (const body of [
      {},
      { token: 'short' },
      { token: 'not base64url at all!!!!!' },
      { token: 'y'.repeat(43), a: 1 },
    ]) {
      const response = await ctx.call('POST', '/api/invitations/preview', { body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual({ message: expect.any(String) });
    }
  });

  it('only an Admin of the account revokes; the link then says revoked', async () => {
    const owner = await ctx.register();
    const token = await invite(ctx, owner, uniqueEmail('revoked'));
    const [id] = await pendingIds(ctx, owner);
    const member = await ctx.register();
    await invite(ctx, owner, member.email, 'User');
    const viewer = await ctx.register();
    await invite(ctx, owner, viewer.email, 'Viewer');
    const stranger = await ctx.register();

    for (const session of [member, viewer]) {
      const refused = await ctx.call('DELETE', `/api/accounts/${owner.accountId}/invitations/${id}`, {
        token: session.token,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: 'Only an Admin of this account can do this' });
    }
    // Another account's Admin: not a member here, and the invitation is not in their own account.
    const notMember = await ctx.call('DELETE', `/api/accounts/${owner.accountId}/invitations/${id}`, {
      token: stranger.token,
    });
    expect(notMember.statusCode).toBe(403);
    const elsewhere = await ctx.call('DELETE', `/api/accounts/${stranger.accountId}/invitations/${id}`, {
      token: stranger.token,
    });
    expect(elsewhere.statusCode).toBe(404);
    expect((await preview(ctx, token)).json()).toMatchObject({ state: 'valid' });

    const revoked = await ctx.call('DELETE', `/api/accounts/${owner.accountId}/invitations/${id}`, {
      token: owner.token,
    });
    expect(revoked.statusCode).toBe(204);
    expect((await preview(ctx, token)).json()).toMatchObject({ state: 'revoked' });
    const logged = await ctx.db.one<{ details: { email: string } }>(
      "select details from activity_logs where type = 'invitation.revoked' and account_id = $1",
      [owner.accountId],
    );
    expect(logged?.details.email).toMatch(/^revoked-/);
  });

  it('signing up with the link makes a member of that account and no account of their own', async () => {
    const owner = await ctx.register();
    const email = uniqueEmail('newcomer');
    const token = await invite(ctx, owner, email, 'Admin');
    const accountsBefore = await ctx.db.one<{ n: number }>('select count(*)::integer as n from accounts');

    const response = await ctx.call('POST', '/api/auth/register', {
      body: { email, password: DEFAULT_PASSWORD, name: 'Nina', invitationToken: token },
    });

    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      email,
      name: 'Nina',
      accountId: owner.accountId,
      joined: { accountId: owner.accountId, accountName: expect.any(String), roleName: 'Admin' },
    });
    const accountsAfter = await ctx.db.one<{ n: number }>('select count(*)::integer as n from accounts');
    expect(accountsAfter?.n).toBe(accountsBefore?.n);
    const accounts = await ctx.call('GET', '/api/accounts', { token: body.token });
    expect(accounts.json()).toEqual([expect.objectContaining({ id: owner.accountId, roleName: 'Admin' })]);
    expect(await memberEmails(ctx, owner)).toEqual([owner.email, email]);
    expect((await preview(ctx, token)).json()).toMatchObject({ state: 'used', hasAccount: true });
    const types = await ctx.db.query<{ type: string; account_id: number }>(
      'select type, account_id from activity_logs where user_id = $1 order by id',
      [body.userId],
    );
    expect(types).toEqual([
      { type: 'invitation.accepted', account_id: owner.accountId },
      { type: 'auth.register', account_id: owner.accountId },
    ]);
  });

  it('signing up with a link sent to another address, or a used link, creates nobody', async () => {
    const owner = await ctx.register();
    const email = uniqueEmail('bound');
    const token = await invite(ctx, owner, email);
    const otherEmail = uniqueEmail('other');

    const wrong = await ctx.call('POST', '/api/auth/register', {
      body: { email: otherEmail, password: DEFAULT_PASSWORD, invitationToken: token },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ message: 'This invitation was sent to another email address' });
    const nobody = await ctx.db.one('select 1 from users where email = $1', [otherEmail]);
    expect(nobody).toBeNull();

    const first = await ctx.call('POST', '/api/auth/register', {
      body: { email, password: DEFAULT_PASSWORD, invitationToken: token },
    });
    expect(first.statusCode).toBe(201);
    const thirdEmail = uniqueEmail('third');
    const used = await ctx.call('POST', '/api/auth/register', {
      body: { email: thirdEmail, password: DEFAULT_PASSWORD, invitationToken: token },
    });
    expect(used.statusCode).toBe(409);
    expect(used.json()).toEqual({ message: 'This invitation has already been used' });
    expect(await ctx.db.one('select 1 from users where email = $1', [thirdEmail])).toBeNull();
  });

  it('signing in with the link joins the account, which becomes the session’s', async () => {
    const owner = await ctx.register();
    const person = await ctx.register();
    // Invited before the address had a user (invite-or-add adds an existing user at once), then registered alone.
    const email = uniqueEmail('existing');
    const token = await invite(ctx, owner, email);
    const existing = await ctx.register({ email });

    const wrongPassword = await ctx.call('POST', '/api/auth/login', {
      body: { email, password: 'not-the-password', invitationToken: token },
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(await memberEmails(ctx, owner)).toEqual([owner.email]);

    const response = await ctx.call('POST', '/api/auth/login', {
      body: { email, password: DEFAULT_PASSWORD, invitationToken: token },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      userId: existing.userId,
      accountId: owner.accountId,
      joined: { accountId: owner.accountId, roleName: 'User' },
    });
    expect(await memberEmails(ctx, owner)).toEqual([owner.email, email]);

    // Somebody else signing in with that link is refused and stays out.
    const refused = await ctx.call('POST', '/api/auth/login', {
      body: { email: person.email, password: DEFAULT_PASSWORD, invitationToken: token },
    });
    expect(refused.statusCode).toBe(409);
    expect(await memberEmails(ctx, owner)).toEqual([owner.email, email]);
  });
});
