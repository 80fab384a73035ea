import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { expect, it } from 'vitest';
import { openImport, queueImport } from '../../server/crm/contactImporter.ts';
import { storeChunks } from '../../server/crm/importChunks.ts';
import { BROKEN_UPLOAD } from '../../server/errorHandler.ts';
import { csvUpload, expectJson, until } from './crmHelpers.ts';
import { describeEachDatabase, type Session, type TestContext } from './harness.ts';

// Where the import's file lives: in crm_import_chunks (migration 0031), never on the disk of the server that
// received it, so the job may run on any server of one database.

type Report = {
  id: number;
  status: string;
  created: number;
  skipped: number;
  processedRows: number;
  progress: number;
  message: string | null;
};

/** `rows` contacts, each row padded so the file spans several ~1 MiB chunks. */
function csvOf(rows: number, pad = 0): string {
  const lines = ['first_name,last_name,email,notes'];
  for (let i = 0; i < rows; i += 1)
    lines.push(`Name${i},Family${i},person${i}@example.com,${'n'.repeat(pad)}${i}`);
  return `${lines.join('\n')}\n`;
}

async function finished(ctx: TestContext, token: string, id: number): Promise<Report> {
  return until(async () => {
    const report = await expectJson<Report>(ctx, 'GET', `/api/crm/contacts/imports/${id}`, token, 200);
    return report.status === 'queued' || report.status === 'running' ? undefined : report;
  }, `import ${id}`);
}

/** The account's imports (every status) and the chunks stored for them. */
async function stored(ctx: TestContext, session: Session) {
  const imports = await ctx.db.query<{ id: number; status: string }>(
    'select id, status from crm_contact_imports where account_id = $1 order by id',
    [session.accountId],
  );
  const chunks = await ctx.db.one<{ count: number }>(
    `select count(*)::int as count from crm_import_chunks c join crm_contact_imports i on i.id = c.import_id
     where i.account_id = $1`,
    [session.accountId],
  );
  return { imports, chunks: chunks?.count };
}

describeEachDatabase(
  'crm import file storage',
  (ctx) => {
    it('runs a large import as a job from its chunks, then deletes them; nothing is written to disk', async () => {
      const session = await ctx.register();
      // ~2.6 MiB: three chunks, rows cut across chunk boundaries.
      const csv = csvOf(8000, 300);
      const response = await ctx.call('POST', '/api/crm/contacts/import', {
        token: session.token,
        ...csvUpload(csv),
      });
      expect(response.statusCode, response.body).toBe(202);
      const id = response.json<Report>().id;
      const report = await finished(ctx, session.token, id);
      expect(report).toMatchObject({
        status: 'completed',
        created: 8000,
        skipped: 0,
        processedRows: 8000,
        progress: 100,
      });
      const size = await ctx.db.one<{ total: number; done: number }>(
        'select bytes_total::int as total, bytes_done::int as done from crm_contact_imports where id = $1',
        [id],
      );
      expect(size).toEqual({ total: Buffer.byteLength(csv), done: Buffer.byteLength(csv) });
      const last = await expectJson<{ contacts: { notes: string }[] }>(
        ctx,
        'GET',
        '/api/crm/contacts?search=person7999',
        session.token,
        200,
      );
      expect(last.contacts.map((c) => c.notes)).toEqual([`${'n'.repeat(300)}7999`]);

      // A small file runs inline, from chunks too.
      const small = await ctx.call('POST', '/api/crm/contacts/import', {
        token: session.token,
        ...csvUpload('name,email\nAda,ada@example.com\n'),
      });
      expect(small.json<Report>()).toMatchObject({ status: 'completed', created: 1 });

      expect(await stored(ctx, session)).toEqual({
        imports: [
          { id, status: 'completed' },
          { id: small.json<Report>().id, status: 'completed' },
        ],
        chunks: 0,
      });
      expect(existsSync(path.join(ctx.config.dataDir, 'imports'))).toBe(false);
    });

    it('a refused upload leaves neither an import nor chunks, whatever the order of its fields', async () => {
      const session = await ctx.register();
      const csv = csvOf(4000, 300); // over 1 MiB: chunks are written before the fields after it are read
      const mapping = JSON.stringify({ email: 'password' });
      for (const [fields, message] of [
        [{ mapping }, 'mapping of "email" must be one of:'],
        [{ contactListId: '999999' }, 'Contact list 999999 does not exist'],
        [{ duplicates: 'merge' }, 'duplicates must be skip or update'],
      ] as const) {
        for (const fieldsLast of [true, false]) {
          const response = await ctx.call('POST', '/api/crm/contacts/import', {
            token: session.token,
            ...csvUpload(csv, fields, { fieldsLast }),
          });
          expect(response.statusCode, response.body).toBe(400);
          expect(response.json<{ message: string }>().message).toContain(message);
        }
      }
      // The body ends inside the file (a client gone mid-upload).
      const cut = csvUpload(csv);
      const aborted = await ctx.app.inject({
        method: 'POST',
        url: '/api/crm/contacts/import',
        headers: { ...cut.headers, authorization: `Bearer ${session.token}` },
        payload: cut.body.subarray(0, cut.body.length - 1000),
      });
      expect(aborted.statusCode).toBe(400);
      expect(aborted.json()).toEqual({ message: BROKEN_UPLOAD });
      expect(await stored(ctx, session)).toEqual({ imports: [], chunks: 0 });
      expect(existsSync(path.join(ctx.config.dataDir, 'imports'))).toBe(false);
    });

    it('a job queued before the upgrade ({ filePath }) reads the file once if it is here, else fails the import', async () => {
      const session = await ctx.register();
      const dir = await mkdtemp(path.join(tmpdir(), 'old-import-'));
      try {
        const queued = async () =>
          (
            await ctx.db.one<{ id: number }>(
              `insert into crm_contact_imports (account_id, file_name, bytes_total) values ($1, 'old.csv', 0)
               returning id`,
              [session.accountId],
            )
          )?.id ?? 0;
        const here = await queued();
        const filePath = path.join(dir, 'here.csv');
        await writeFile(filePath, csvOf(300));
        await ctx.jobs.send('crm-contact-import', { accountId: session.accountId, importId: here, filePath });
        expect(await finished(ctx, session.token, here)).toMatchObject({
          status: 'completed',
          created: 300,
          processedRows: 300,
        });
        expect(existsSync(filePath)).toBe(false);

        const gone = await queued();
        await ctx.jobs.send('crm-contact-import', {
          accountId: session.accountId,
          importId: gone,
          filePath: path.join(dir, 'on-another-host.csv'),
        });
        expect(await finished(ctx, session.token, gone)).toMatchObject({
          status: 'failed',
          created: 0,
          message: 'The file of this import was lost while the server was upgraded: import it again',
        });
        expect((await stored(ctx, session)).chunks).toBe(0);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });

    it('a small file is imported by a job too (a stop mid-way is retried), and its request answers the finished report', async () => {
      const session = await ctx.register();
      const response = await ctx.call('POST', '/api/crm/contacts/import', {
        token: session.token,
        ...csvUpload(csvOf(50)),
      });
      expect(response.statusCode, response.body).toBe(200);
      const report = response.json<Report>();
      expect(report).toMatchObject({ status: 'completed', created: 50, processedRows: 50, progress: 100 });
      // Its job ends just after the import's last transaction (pg-boss marks it when the handler returns).
      const jobs = await until(async () => {
        const rows = await ctx.db.query<{ name: string; state: string }>(
          `select name, state::text as state from pgboss.job where data->>'importId' = $1`,
          [String(report.id)],
        );
        return rows.every((row) => row.state !== 'active') ? rows : undefined;
      }, 'the import job');
      expect(jobs).toEqual([{ name: 'crm-contact-import-small', state: 'completed' }]);
    });

    it('an import its server stopped mid-way (still running, its file kept) runs again from the start on the retry', async () => {
      const session = await ctx.register();
      const id = await openImport(ctx.db, session.accountId, 'big.csv');
      await storeChunks(ctx.db, id, Readable.from([Buffer.from(csvOf(300))]));
      await queueImport(ctx.db, session.accountId, id, {
        mapping: null,
        duplicates: 'skip',
        contactListId: null,
      });
      // What the first attempt did before its server stopped: running, two contacts written, a third of the file read.
      await ctx.db.query(
        `update crm_contact_imports set status = 'running', created_count = 2, processed_rows = 2, bytes_done = 90
         where id = $1`,
        [id],
      );
      await ctx.db.query(
        `insert into crm_contacts (account_id, first_name, last_name, email, import_id) values
           ($1, 'Name0', 'Family0', 'person0@example.com', $2), ($1, 'Name1', 'Family1', 'person1@example.com', $2)`,
        [session.accountId, id],
      );
      await ctx.jobs.send('crm-contact-import', { accountId: session.accountId, importId: id });
      expect(await finished(ctx, session.token, id)).toMatchObject({
        status: 'completed',
        created: 300,
        skipped: 0,
        processedRows: 300,
      });
      const contacts = await ctx.db.one<{ count: number }>(
        'select count(*)::int as count from crm_contacts where account_id = $1',
        [session.accountId],
      );
      expect(contacts?.count).toBe(300);
      expect((await stored(ctx, session)).chunks).toBe(0);
    });
  },
  { jobs: () => ({}) },
);
