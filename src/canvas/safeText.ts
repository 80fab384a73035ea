// No DOM and no DOMPurify: sanitize.ts and formattingWithoutDom.ts both use these rules.
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const ALLOWED_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);

/**
 * A link target from user input, or '#' when it is not allowed: only http, https, mailto, tel and
 * relative URLs pass (so `javascript:` and `data:` never reach an href).
 */
export function safeUrl(raw: unknown): string {
  if (typeof raw !== 'string') return '#';
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:").
  const url = raw.trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const probe = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (probe === '') return '#';
  const scheme = SCHEME.exec(probe)?.[1]?.toLowerCase();
  if (scheme === undefined) return probe.startsWith('//') ? '#' : url;
  return ALLOWED_SCHEMES.has(scheme) ? url : '#';
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
