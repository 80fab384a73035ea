import fc from 'fast-check';
import { expect, test } from 'vitest';
import { formattingWithoutDom } from '../../src/canvas/formattingWithoutDom.ts';

test('keeps inline formatting and allow-listed links, escapes everything else', () => {
  expect(formattingWithoutDom('Fresh <b>bread</b> & <em>cakes</em><br/>daily')).toBe(
    'Fresh <b>bread</b> &#38; <em>cakes</em><br>daily',
  );
  expect(formattingWithoutDom('<a href="https://x.test/?a=1&b=2" target="_blank">go</a>')).toBe(
    '<a href="https://x.test/?a=1&#38;b=2" target="_blank" rel="noopener noreferrer">go</a>',
  );
  expect(formattingWithoutDom('<a href="javascript:alert(1)">x</a>')).toBe('<a href="#">x</a>');
  expect(formattingWithoutDom('<script>alert(1)</script>')).toBe('&#60;script&#62;alert(1)&#60;/script&#62;');
  expect(formattingWithoutDom('<img src=x onerror=alert(1)>')).toBe('&#60;img src=x onerror=alert(1)&#62;');
  expect(formattingWithoutDom('<p onclick="x()">hi</p>')).toBe('&#60;p onclick=&#34;x()&#34;&#62;hi');
});

test('balances tags: unclosed ones are closed, stray closers dropped', () => {
  expect(formattingWithoutDom('<b>bold <i>both')).toBe('<b>bold <i>both</i></b>');
  expect(formattingWithoutDom('plain</b> text')).toBe('plain text');
  expect(formattingWithoutDom('<b><i>x</b> y')).toBe('<b><i>x</i></b> y');
});

test('whatever the input, the output has no tag or attribute outside the allow-list', () => {
  const pieces = fc.constantFrom(
    '<',
    '>',
    '"',
    "'",
    '&',
    '=',
    '/',
    ' ',
    'a',
    'b',
    'href',
    'on',
    'script',
    'javascript:',
    'img',
    'src',
    '<a href="',
    '</a>',
    '<b>',
    '</b>',
    '<br>',
  );
  fc.assert(
    fc.property(fc.array(pieces, { maxLength: 40 }), (parts) => {
      const html = formattingWithoutDom(parts.join(''));
      for (const [tag] of html.matchAll(/<[^>]*>/g)) {
        expect(tag).toMatch(
          /^<(\/?(b|strong|i|em|u|s|p|span|ul|ol|li|small|sub|sup|mark|a)|br|a href="[^"<>]*"( target="_blank" rel="noopener noreferrer")?)>$/,
        );
        expect(tag).not.toMatch(/javascript:/i);
      }
    }),
    { numRuns: 500 },
  );
});
