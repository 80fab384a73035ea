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
  it('has no header line (spec §9), only values in a stable column order, quoted per RFC 4180, formulas kept from running', () => {
    const csv = submissionsCsv([
      { ...base, id: '1', data: { Name: '=HYPERLINK("http://x")', Message: 'line one\r\nline "two"' } },
      { ...base, id: '2', data: { Name: '+1 555', Email: '@me', Note: '-2', Tab: '\tx', Safe: 'plain' } },
    ]);
    expect(csv.endsWith('\r\n')).toBe(true);
    const rows: string[][] = parse(csv, { relax_column_count: false });
    // One row per submission, nothing else: Submitted At, Website, Form, Status, then the fields as first named
    // (Name, Message, Email, Note, Tab, Safe).
    expect(rows).toEqual([
      [
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
      ],
      [
        base.submittedAt,
        'Rosa, "the" Bakery',
        'Contact Us',
        'new',
        "'+1 555",
        '',
        "'@me",
        "'-2",
        "'\tx",
        'plain',
      ],
    ]);
  });

  it('writes nothing for no submissions', () => {
    expect(submissionsCsv([])).toBe('');
  });

  it('previews the first two fields, each cut to 30 characters', () => {
    expect(submissionPreview({ A: 'x'.repeat(40), B: 'short', C: 'hidden' })).toEqual([
      `A: ${'x'.repeat(30)}...`,
      'B: short',
    ]);
  });
});
