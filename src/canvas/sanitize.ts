import DOMPurify from 'dompurify';
import { formattingWithoutDom } from './formattingWithoutDom.ts';
import { escapeHtml, safeUrl } from './safeText.ts';

// The pure rules live in safeText.ts (formattingWithoutDom uses them too); re-exported for the renderers.
export { escapeHtml, safeUrl };

const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]+$/i;

/** An image source: the link rules plus inline raster images (the upload fallback of spec §7). */
export function safeImageUrl(raw: unknown): string {
  if (typeof raw === 'string' && DATA_IMAGE.test(raw.trim())) return raw.trim();
  const url = safeUrl(raw);
  return url === '#' || /^(mailto|tel):/i.test(url) ? '' : url;
}

/** A CSS `url()` for a background image, or undefined when the URL is not allowed. */
export function cssUrl(raw: unknown): string | undefined {
  const url = safeImageUrl(raw);
  return url ? `url("${url.replace(/["\\\n\r]/g, (c) => encodeURIComponent(c))}")` : undefined;
}

const PURIFY_CONFIG = {
  ALLOWED_TAGS: [
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'br',
    'p',
    'span',
    'a',
    'ul',
    'ol',
    'li',
    'small',
    'sub',
    'sup',
    'mark',
  ],
  ALLOWED_ATTR: ['href', 'title', 'target', 'rel'],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
};

let hooked = false;

/**
 * Sanitises rich text for innerHTML with DOMPurify (inline formatting and allow-listed links only).
 * Where no DOM is available (the server publishing a site), markup is escaped and only the same
 * formatting tags are restored (see `formattingWithoutDom`): never unsafe.
 */
export function sanitizeHtml(raw: unknown): string {
  const html = typeof raw === 'string' ? raw : '';
  if (!DOMPurify.isSupported) return formattingWithoutDom(html);
  if (!hooked) {
    hooked = true;
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A') {
        node.setAttribute('href', safeUrl(node.getAttribute('href') ?? ''));
        if (node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
      }
    });
  }
  return DOMPurify.sanitize(html, PURIFY_CONFIG);
}
