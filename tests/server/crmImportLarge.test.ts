import { expect, it } from 'vitest';
import { IMPORT_BATCH_ROWS } from '../../server/crm/contactImporter.ts';
import { csvUpload, expectJson } from './crmHelpers.ts';
import { describeEachDatabase, type TestContext } from './harness.ts';

type Report = {
  id: number;
  status: string;
  created: number;
  updated: number;
  skipped: number;
  processedRows: number;
  totalRows: number;
  progress: number;
  errors: { row: number; message: string }[];
  message: string | null;
};

const ROWS = 20_000;

/**
 * A 20,000-row file (many write batches) with bad rows spread through it: invalid e-mails, rows with neither a
 * name nor an e-mail, and rows repeating the e-mail of a row one batch and a bit earlier (so the repeat and its
 * first occurrence are never written in the same batch). What each row is, and the report it must give.
 */
function largeFile() {
  const lines = ['first_name,last_name,email,company'];
  const errors: { row: number; message: string }[] = [];
  const good: number[] = [];
  let repeats = 0;
  const isGood = new Set<number>();
  for (let i = 0; i < ROWS; i += 1) {
    const line = i + 2; // the header is line 1
    const earlier = i - IMPORT_BATCH_ROWS - 250;
    if (i % 997 === 500) {
      lines.push(`Bad${i},Mail,not-an-email-${i},Co`);
      errors.push({ row: line, message: `email "not-an-email-${i}" is not valid` });
    } else if (i % 1499 === 700) {
      lines.push(',,,Nameless Co');
      errors.push({ row: line, message: 'a contact needs a name or an email' });
    } else if (i % 1301 === 1000 && isGood.has(earlier)) {
      lines.push(`Again${i},Repeat,person${earlier}@example.com,Repeat Co`);
      repeats += 1;
    } else {
      lines.push(`Name${i},Family${i},person${i}@example.com,Company ${i % 50}`);
      good.push(i);
      isGood.add(i);
    }
  }
  return { csv: `${lines.join('\n')}\n`, errors, good, repeats };
}

async function finished(ctx: TestContext, token: string, id: number): Promise<Report> {
  // A generous deadline: 20,000 rows on a loaded machine; this is no timing assertion.
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    const report = await expectJson<Report>(ctx, 'GET', `/api/crm/contacts/imports/${id}`, token, 200);
    if (report.status !== 'queued' && report.status !== 'running') return report;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`import ${id} did not finish`);
}

describeEachDatabase(
  'crm import of a large file',
  (ctx) => {
    it('imports 20,000 rows in batches with bad rows and repeats spread through the file, skip then update', {
      timeout: 330_000,
    }, async () => {
      const { token } = await ctx.register();
      const file = largeFile();
      expect(file.errors.length).toBeGreaterThan(30);
      expect(file.repeats).toBeGreaterThan(10);

      const response = await ctx.call('POST', '/api/crm/contacts/import', { token, ...csvUpload(file.csv) });
      expect(response.statusCode, response.body).toBe(202);
      const report = await finished(ctx, token, response.json<Report>().id);
      expect(report).toMatchObject({
        status: 'completed',
        created: file.good.length,
        updated: 0,
        skipped: file.errors.length + file.repeats,
        processedRows: ROWS,
        totalRows: ROWS,
        progress: 100,
        message: null,
      });
      // The bad-rows report: every bad row, by its line in the file, in file order.
      expect(report.errors).toEqual(file.errors);

      const all = await expectJson<{ totalCount: number }>(
        ctx,
        'GET',
        '/api/crm/contacts?pageSize=1',
        token,
        200,
      );
      expect(all.totalCount).toBe(file.good.length);
      const last = file.good[file.good.length - 1];
      const found = await expectJson<{
        totalCount: number;
        contacts: { firstName: string; company: string }[];
      }>(ctx, 'GET', `/api/crm/contacts?search=person${last}`, token, 200);
      expect(found.contacts).toEqual([expect.objectContaining({ firstName: `Name${last}` })]);

      // The same file again, updating: every good row and every repeat updates, nothing is created, and the
      // report is the same. A repeat overwrites its earlier row's filled cells: the last one wins.
      const again = await ctx.call('POST', '/api/crm/contacts/import', {
        token,
        ...csvUpload(file.csv, { duplicates: 'update' }),
      });
      expect(again.statusCode, again.body).toBe(202);
      const updated = await finished(ctx, token, again.json<Report>().id);
      expect(updated).toMatchObject({
        status: 'completed',
        created: 0,
        updated: file.good.length + file.repeats,
        skipped: file.errors.length,
        processedRows: ROWS,
      });
      expect(updated.errors).toEqual(file.errors);
      const repeated = await expectJson<{ contacts: { firstName: string; company: string }[] }>(
        ctx,
        'GET',
        `/api/crm/contacts?search=${encodeURIComponent('Repeat Co')}&pageSize=100`,
        token,
        200,
      );
      expect(repeated.contacts).toHaveLength(file.repeats);
      expect(new Set(repeated.contacts.map((c) => c.firstName.slice(0, 5)))).toEqual(new Set(['Again']));
      const total = await expectJson<{ totalCount: number }>(
        ctx,
        'GET',
        '/api/crm/contacts?pageSize=1',
        token,
        200,
      );
      expect(total.totalCount).toBe(file.good.length);
    });
  },
  { jobs: () => ({}) },
);
