import { parse } from 'csv-parse/sync';
import { expect, it } from 'vitest';
import { csvUpload, expectJson, until } from './crmHelpers.ts';
import { describeEachDatabase, type TestContext } from './harness.ts';

type Report = {
  id: number;
  status: string;
  created: number;
  updated: number;
  skipped: number;
  processedRows: number;
  progress: number;
  errors: { row: number; message: string }[];
  message: string | null;
};
type Contact = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  phone: string;
};

async function upload(ctx: TestContext, token: string, csv: string, fields: Record<string, string> = {}) {
  return ctx.call('POST', '/api/crm/contacts/import', { token, ...csvUpload(csv, fields) });
}

async function contacts(ctx: TestContext, token: string): Promise<Contact[]> {
  return (await expectJson<{ contacts: Contact[] }>(ctx, 'GET', '/api/crm/contacts?pageSize=100', token, 200))
    .contacts;
}

describeEachDatabase(
  'crm contact import and export',
  (ctx) => {
    it('infers the mapping from headers, reports bad rows by line and adds the rows to a list', async () => {
      const { token } = await ctx.register();
      const list = await expectJson<{ id: number }>(ctx, 'POST', '/api/crm/contact-lists', token, 201, {
        name: 'Fair',
      });
      const csv = [
        'Full Name,E-mail Address,Organisation,Telephone,Favourite colour',
        'Ada Lovelace,ADA@example.com,"Engines, Ltd",+44 1,green',
        'Bad Email,not-an-email,X,,red',
        ',,,,',
        '"Grace ""Amazing"" Hopper",grace@example.com,Navy,,blue',
        'Grace Again,grace@example.com,Navy 2,,blue',
      ].join('\r\n');
      const response = await upload(ctx, token, csv, { contactListId: String(list.id) });
      expect(response.statusCode, response.body).toBe(200);
      const report = response.json<Report>();
      expect(report).toMatchObject({
        status: 'completed',
        created: 2,
        updated: 0,
        skipped: 2,
        progress: 100,
      });
      expect(report.errors).toEqual([{ row: 3, message: 'email "not-an-email" is not valid' }]);
      const rows = await contacts(ctx, token);
      expect(rows.map((c) => [c.firstName, c.lastName, c.email, c.company]).sort()).toEqual([
        ['Ada', 'Lovelace', 'ada@example.com', 'Engines, Ltd'],
        ['Grace', '"Amazing" Hopper', 'grace@example.com', 'Navy'],
      ]);
      const inList = await expectJson<{ totalCount: number }>(
        ctx,
        'GET',
        `/api/crm/contacts?contactListId=${list.id}`,
        token,
        200,
      );
      expect(inList.totalCount).toBe(2);
    });

    it('reports a row holding a NUL character as a bad row and imports the rest', async () => {
      const { token } = await ctx.register();
      const csv = [
        'Name,Email,Company',
        'Ada Lovelace,ada@example.com,Engines',
        'Nul Row,nul@example.com,Bad\u0000Co',
        'Grace Hopper,grace@example.com,Navy',
      ].join('\r\n');
      const response = await upload(ctx, token, csv);
      expect(response.statusCode, response.body).toBe(200);
      const report = response.json<Report>();
      expect(report).toMatchObject({ status: 'completed', created: 2, skipped: 1 });
      expect(report.errors).toEqual([
        { row: 3, message: 'company contains a NUL character or an unpaired surrogate' },
      ]);
      expect((await contacts(ctx, token)).map((c) => c.email).sort()).toEqual([
        'ada@example.com',
        'grace@example.com',
      ]);
    });

    it('reads stray quotes as text and reports a row it cannot read instead of failing the file', async () => {
      const { token } = await ctx.register();
      const csv = [
        'Name,Email,Company',
        // A quote inside an unquoted value: strict parsing failed the whole file ("Invalid Opening Quote").
        'Bob "the" Builder,bob@example.com,Builders',
        'Ada Lovelace,ada@example.com,Engines',
        // A quote opened and never closed: this row (the last) cannot be read.
        'Eve Broken,eve@example.com,"Unclosed Co',
      ].join('\r\n');
      const response = await upload(ctx, token, csv);
      expect(response.statusCode, response.body).toBe(200);
      const report = response.json<Report>();
      expect(report).toMatchObject({ status: 'completed', created: 2, skipped: 1, processedRows: 3 });
      expect(report.errors).toEqual([{ row: 4, message: 'a quoted value is never closed (a " is missing)' }]);
      const rows = await contacts(ctx, token);
      expect(rows.map((c) => [c.firstName, c.lastName, c.email]).sort()).toEqual([
        ['Ada', 'Lovelace', 'ada@example.com'],
        ['Bob', '"the" Builder', 'bob@example.com'],
      ]);
    });

    it('uses a sent mapping, updates duplicates by email when asked, and rolls a whole import back', async () => {
      const { token } = await ctx.register();
      const kept = await expectJson<Contact>(ctx, 'POST', '/api/crm/contacts', token, 201, {
        firstName: 'Old',
        email: 'old@example.com',
        company: 'Before',
        phone: '123',
      });
      const csv = 'col1;col2;col3\nold@example.com;New;After\nnew@example.com;Fresh;Co\n';
      const mapping = JSON.stringify({ col1: 'email', col2: 'firstName', col3: 'company' });
      const skipped = await upload(ctx, token, csv.replaceAll(';', ','), { mapping, duplicates: 'skip' });
      expect(skipped.json<Report>()).toMatchObject({ created: 1, updated: 0, skipped: 1 });
      expect((await contacts(ctx, token)).find((c) => c.id === kept.id)).toMatchObject({ firstName: 'Old' });

      const csv2 = 'col1,col2,col3\nold@example.com,New,After\nthird@example.com,Third,Co\n';
      const updated = (await upload(ctx, token, csv2, { mapping, duplicates: 'update' })).json<Report>();
      expect(updated).toMatchObject({ created: 1, updated: 1, skipped: 0 });
      expect((await contacts(ctx, token)).find((c) => c.id === kept.id)).toMatchObject({
        firstName: 'New',
        company: 'After',
        phone: '123',
      });

      const undone = await expectJson<Report>(
        ctx,
        'POST',
        `/api/crm/contacts/imports/${updated.id}/rollback`,
        token,
        200,
      );
      expect(undone.status).toBe('rolled-back');
      const after = await contacts(ctx, token);
      expect(after.map((c) => c.email).sort()).toEqual(['new@example.com', 'old@example.com']);
      expect(after.find((c) => c.id === kept.id)).toMatchObject({
        firstName: 'Old',
        company: 'Before',
        phone: '123',
      });
      await expectJson(ctx, 'POST', `/api/crm/contacts/imports/${updated.id}/rollback`, token, 409);

      const bad = await upload(ctx, token, csv2, { mapping: JSON.stringify({ col1: 'password' }) });
      expect(bad.statusCode).toBe(400);
      const unmapped = await upload(ctx, token, 'a,b\n1,2\n');
      expect(unmapped.json<Report>()).toMatchObject({
        status: 'failed',
        message: 'No column maps to a name or an email: send a mapping',
      });
      const noFile = await ctx.call('POST', '/api/crm/contacts/import', { token, body: {} });
      expect(noFile.statusCode).toBe(400);
    });

    it('imports a large file as a job whose progress the client polls', async () => {
      const { token } = await ctx.register();
      const lines = ['first_name,last_name,email,company,notes'];
      for (let i = 0; i < 6000; i += 1)
        lines.push(`Name${i},Family${i},person${i}@example.com,Company ${i % 50},${'x'.repeat(20)}`);
      const response = await upload(ctx, token, lines.join('\n'));
      expect(response.statusCode, response.body).toBe(202);
      const queued = response.json<Report>();
      expect(['queued', 'running', 'completed']).toContain(queued.status);
      const done = await until(async () => {
        const report = await expectJson<Report>(
          ctx,
          'GET',
          `/api/crm/contacts/imports/${queued.id}`,
          token,
          200,
        );
        return report.status === 'completed' ? report : undefined;
      }, 'the import job');
      expect(done).toMatchObject({ created: 6000, processedRows: 6000, progress: 100 });
      const found = await expectJson<{ totalCount: number }>(
        ctx,
        'GET',
        '/api/crm/contacts?search=person5999',
        token,
        200,
      );
      expect(found.totalCount).toBe(1);
      const stranger = await ctx.register();
      await expectJson(ctx, 'GET', `/api/crm/contacts/imports/${queued.id}`, stranger.token, 404);
      await expectJson(ctx, 'POST', `/api/crm/contacts/imports/${queued.id}/rollback`, stranger.token, 404);
    });

    it('exports RFC 4180 CSV with a header row, neutralising formula cells', async () => {
      const { token } = await ctx.register();
      const list = await expectJson<{ id: number }>(ctx, 'POST', '/api/crm/contact-lists', token, 201, {
        name: 'L',
      });
      await expectJson(ctx, 'POST', '/api/crm/contacts', token, 201, {
        firstName: '=HYPERLINK("http://evil")',
        lastName: 'Quote "me", please',
        email: 'f@example.com',
        company: '+1 Corp',
        notes: 'line1\nline2',
        tags: ['a', 'b'],
        contactListIds: [list.id],
      });
      await expectJson(ctx, 'POST', '/api/crm/contacts', token, 201, {
        firstName: '@sum',
        lastName: '-x',
        phone: '-1',
      });
      const response = await ctx.call('GET', '/api/crm/contacts/export', { token });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/csv');
      expect(
        response.body.startsWith('First Name,Last Name,Email,Phone,Company,Tags,Notes,Created At\r\n'),
      ).toBe(true);
      expect(response.body).toContain('"\'=HYPERLINK(""http://evil"")","Quote ""me"", please",');
      const rows = parse(response.body) as string[][];
      expect(rows).toHaveLength(3);
      expect(rows[1]?.slice(0, 7)).toEqual([
        '\'=HYPERLINK("http://evil")',
        'Quote "me", please',
        'f@example.com',
        '',
        "'+1 Corp",
        'a, b',
        'line1\nline2',
      ]);
      expect(rows[2]?.slice(0, 4)).toEqual(["'@sum", "'-x", '', "'-1"]);
      const onlyList = parse(
        (await ctx.call('GET', `/api/crm/contacts/export?contactListId=${list.id}`, { token })).body,
      );
      expect(onlyList).toHaveLength(2);
      const stranger = await ctx.register();
      const theirs = parse(
        (await ctx.call('GET', '/api/crm/contacts/export', { token: stranger.token })).body,
      );
      expect(theirs).toHaveLength(1);
      await expectJson(ctx, 'GET', `/api/crm/contacts/export?contactListId=${list.id}`, stranger.token, 404);
    });

    it('imports its own export back to the same values (the formula guard apostrophe is dropped)', async () => {
      const { token } = await ctx.register();
      await expectJson(ctx, 'POST', '/api/crm/contacts', token, 201, {
        firstName: 'Maria',
        lastName: 'Rossi',
        email: 'maria@example.com',
        phone: '+39 333 1234567',
        company: '-minus Co',
      });
      const exported = (await ctx.call('GET', '/api/crm/contacts/export', { token })).body;
      expect(exported).toContain("'+39 333 1234567");
      const response = await upload(ctx, token, exported, { duplicates: 'update' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<Report>()).toMatchObject({ status: 'completed', created: 0, updated: 1 });
      const [maria] = await contacts(ctx, token);
      expect([maria?.phone, maria?.company]).toEqual(['+39 333 1234567', '-minus Co']);
    });
  },
  { jobs: () => ({}) },
);
