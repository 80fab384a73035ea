import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { type FormSubmission, submissionPreview } from '../../src/services/forms/formSubmissionsApi.ts';
import { submissionsCsv } from '../../src/services/forms/formSubmissionsCsv.ts';

const base: Omit<FormSubmission, 'id' | 'data'> = {
  formId: 'f1',
  formTitle: 'Contact Us',
  websiteName: 'Rosa, "the" Bakery',
  websiteId: '1',
  pagePath: 'contact',
  status: 'new',
  submittedAt: '2026-01-02T03:04:05.000Z',
};

describe('form submissions CSV', () => {
  it('has a header row, quotes per RFC 4180 and keeps formulas from running', () => {
    const csv = submissionsCsv([
      { ...base, id: '1', data: { Name: '=HYPERLINK("http://x")', Message: 'line one\r\nline "two"' } },
      { ...base, id: '2', data: { Name: '+1 555', Email: '@me', Note: '-2', Tab: '\tx', Safe: 'plain' } },
    ]);
    expect(csv.endsWith('\r\n')).toBe(true);
    const rows: string[][] = parse(csv, { relax_column_count: false });
    expect(rows[0]).toEqual([
      'Submitted At',
      'Website',
      'Form',
      'Status',
      'Name',
      'Message',
      'Email',
      'Note',
      'Tab',
      'Safe',
    ]);
    expect(rows[1]).toEqual([
      base.submittedAt,
      'Rosa, "the" Bakery',
      'Contact Us',
      'new',
      `'=HYPERLINK("http://x")`,
      'line one\r\nline "two"',
      '',
      '',
      '',
      '',
    ]);
    expect(rows[2]?.slice(4)).toEqual(["'+1 555", '', "'@me", "'-2", "'\tx", 'plain']);
  });

  it('previews the first two fields, each cut to 30 characters', () => {
    expect(submissionPreview({ A: 'x'.repeat(40), B: 'short', C: 'hidden' })).toEqual([
      `A: ${'x'.repeat(30)}...`,
      'B: short',
    ]);
  });
});
