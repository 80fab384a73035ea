import { describe, expect, test } from 'vitest';
import { inferMapping } from '../../src/contracts/crmImportFields.ts';
import { csvHeaderRow } from '../../src/views/crm/csvHeaderRow.ts';

describe('csvHeaderRow: the import dialog reads the header row as the server does', () => {
  test('quoted headers keep their commas; a BOM and CRLF line ends are not part of any header', () => {
    const text = '\uFEFF"Name, full","E-mail",Phone\r\nAda Lovelace,ada@example.com,123\r\n';
    expect(csvHeaderRow(text)).toEqual(['Name, full', 'E-mail', 'Phone']);
  });

  test('a quoted header with a line break in it is one header, and the headers after it are still read', () => {
    const text = 'Email,"Notes\r\n(internal)",Company\r\nada@example.com,likes maths,Analytical\r\n';
    expect(csvHeaderRow(text)).toEqual(['Email', 'Notes\r\n(internal)', 'Company']);
  });

  test('headers are the exact cells the server keys the mapping by (surrounding spaces kept)', () => {
    const headers = csvHeaderRow(' Email ,First Name\n');
    expect(headers).toEqual([' Email ', 'First Name']);
    expect(inferMapping(headers)).toEqual({ ' Email ': 'email', 'First Name': 'firstName' });
  });

  test('blank lines before the header, blank and repeated header cells are left out', () => {
    expect(csvHeaderRow('\r\n,,\r\nEmail,,Email,Phone\r\n')).toEqual(['Email', 'Phone']);
  });

  test('a file cut inside a later quoted value still yields its header; an empty file has none', () => {
    expect(csvHeaderRow('Email,Notes\nada@example.com,"unterminated')).toEqual(['Email', 'Notes']);
    expect(csvHeaderRow('')).toEqual([]);
  });
});
