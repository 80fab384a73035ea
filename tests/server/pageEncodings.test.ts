import { describe, expect, it } from 'vitest';
import { acceptedEncoding } from '../../server/publishing/pageEncodings.ts';

describe('the encoding a published page is sent in, from Accept-Encoding', () => {
  it('brotli when accepted, else gzip, else the page as it is; q=0 refuses, * stands for the others', () => {
    const cases: [string | undefined, string | null][] = [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
      ['GZIP;q=0.5, identity', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['br;q=0, gzip;q=0', null],
      ['*', 'br'],
      ['*;q=0, gzip', 'gzip'],
      ['identity', null],
      ['deflate', null],
      ['', null],
      [undefined, null],
    ];
    expect(cases.map(([header]) => [header, acceptedEncoding(header)])).toEqual(cases);
  });
});
