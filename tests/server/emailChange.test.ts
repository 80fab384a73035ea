import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestContext, uniqueEmail } from './harness.ts';
import { type SmtpServer, startSmtpServer } from './smtpServer.ts';

let smtp: SmtpServer;

// Before the suites' own hooks: the job engine reads the SMTP address when it starts.
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
});

async function until<T>(read: () => T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function emailOf(ctx: TestContext, userId: number): Promise<string | undefined> {
  const [row] = await ctx.db.query<{ email: string }>('select email from users where id = $1', [userId]);
  return row?.email;
}

describeEachDatabase(
  'user: changing the sign-in email needs the current password',
  (ctx) => {
    it('without currentPassword: 400 with what to do, and nothing changes', async () => {
      const session = await ctx.register({ name: 'Nina' });
      for (const body of [
        { name: 'Nina', email: uniqueEmail('taken-over') },
        { name: 'Nina', email: uniqueEmail('taken-over'), currentPassword: '' },
      ]) {
        const response = await ctx.call('PUT', '/api/user/profile', { token: session.token, body });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ message: 'Enter your current password to change your email' });
      }
      expect(await emailOf(ctx, session.userId)).toBe(session.email);
      const me = await ctx.call('GET', '/api/user/me', { token: session.token });
      expect(me.json().name).toBe('Nina');
    });

    it('with a wrong currentPassword: 403, and nothing changes', async () => {
      const session = await ctx.register({ name: 'Omar' });
      const response = await ctx.call('PUT', '/api/user/profile', {
        token: session.token,
        body: { name: 'Mallory', email: uniqueEmail('taken-over'), currentPassword: 'not-my-password' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'Current password is incorrect' });
      expect(await emailOf(ctx, session.userId)).toBe(session.email);
      const me = await ctx.call('GET', '/api/user/me', { token: session.token });
      expect(me.json().name).toBe('Omar');
    });

    it('a name-only change needs no password (the email given in another case is the same email)', async () => {
      const session = await ctx.register({ name: 'Pia' });
      const response = await ctx.call('PUT', '/api/user/profile', {
        token: session.token,
        body: { name: 'Pia Renamed', email: ` ${session.email.toUpperCase()} ` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ name: 'Pia Renamed', email: session.email });
      // Nothing is mailed for it.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(smtp.messages.filter((m) => m.to.includes(session.email))).toEqual([]);
    });

    it('with the right password the email changes, sign-in uses the new one, and the OLD address is told', async () => {
      const session = await ctx.register({ name: 'Quinn' });
      const newEmail = uniqueEmail('moved');
      const response = await ctx.call('PUT', '/api/user/profile', {
        token: session.token,
        body: { name: 'Quinn', email: newEmail, currentPassword: session.password },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ userId: session.userId, email: newEmail, name: 'Quinn' });

      const login = await ctx.call('POST', '/api/auth/login', {
        body: { email: newEmail, password: session.password },
      });
      expect(login.statusCode).toBe(200);

      const mail = await until(
        () => smtp.messages.find((m) => m.to.includes(session.email)),
        `mail to ${session.email}`,
      );
      expect(mail.to).toEqual([session.email]);
      expect(mail.from).toBe('tests@example.com');
      expect(mail.data).toContain('Subject: Your BizSite sign-in email was changed');
      const body = mail.data.replaceAll('=\r\n', '');
      expect(body).toContain(`Your BizSite sign-in email was changed to ${newEmail}`);
      expect(body).toContain("If this wasn't you");
      // The new address is not where the warning goes.
      expect(smtp.messages.filter((m) => m.to.includes(newEmail))).toEqual([]);
    });
  },
  { jobs: () => ({ smtpUrl: smtp.url }) },
);
