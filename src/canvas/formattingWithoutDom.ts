// Why a second sanitiser beside DOMPurify (decided for issue 17, measured on this machine, Node 24):
// DOMPurify needs a DOM. The browser has one; the server, which renders published sites from the SSR build,
// would need jsdom, which is only a devDependency here (making it a production dependency brings it and 27 more dev-only packages),
// takes ~600 ms to start, and sanitises a typical rich text in ~680 µs against ~12 µs for this function (56×;
// `npm run bench -- publish`: 1.834 ms per page with this one). This function cannot produce markup that is not
// on the allow-list: it escapes everything first and restores only attribute-free formatting tags and
// `<a href>` through `safeUrl`, so it has no parser-differential (mXSS) risk between jsdom and browsers.
// The browser (canvas, preview, clipboard) always uses DOMPurify; this runs only where `DOMPurify.isSupported`
// is false. Its tags are PURIFY_CONFIG's ALLOWED_TAGS in sanitize.ts: change both together.
import { escapeHtml, safeUrl } from './safeText.ts';

// Tags (without attributes) that rich text may keep: the same inline formatting DOMPurify allows.
const PLAIN_TAGS = new Set([
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'p',
  'span',
  'ul',
  'ol',
  'li',
  'small',
  'sub',
  'sup',
  'mark',
]);
// On the escaped text (& < > " ' are &#38; &#60; &#62; &#34; &#39;): a plain tag, <br>, an anchor with
// an href (and optionally target="_blank"), or a closing tag.
const TOKEN =
  /&#60;(?:(\/?)([a-z]+)\s*\/?|a\s+href=&#34;((?:[^&]|&#38;)*)&#34;(\s+target=&#34;_blank&#34;)?\s*)&#62;/gi;

/**
 * Rich text as HTML without a DOM (the server publishing a site): everything is escaped first, then only
 * the allow-listed formatting tags come back — attribute-free, plus `<a href>` through the URL allow-list —
 * and tags are balanced, so the text looks as DOMPurify leaves it in the browser and can never run.
 */
export function formattingWithoutDom(raw: string): string {
  const open: string[] = [];
  const body = escapeHtml(raw).replace(TOKEN, (match, slash: string, name: string, href: string, blank) => {
    if (href !== undefined) {
      open.push('a');
      const url = escapeHtml(safeUrl(href.replaceAll('&#38;', '&')));
      return `<a href="${url}"${blank ? ' target="_blank" rel="noopener noreferrer"' : ''}>`;
    }
    const tag = name.toLowerCase();
    if (tag === 'br' && !slash) return '<br>';
    if (!PLAIN_TAGS.has(tag) && tag !== 'a') return match;
    if (!slash) {
      if (tag === 'a') return match; // an anchor without an href stays text
      open.push(tag);
      return `<${tag}>`;
    }
    const at = open.lastIndexOf(tag);
    if (at === -1) return ''; // a closing tag with nothing to close is dropped
    const closing = open.splice(at).reverse();
    return closing.map((t) => `</${t}>`).join('');
  });
  return (
    body +
    open
      .reverse()
      .map((t) => `</${t}>`)
      .join('')
  );
}
