import { STOREFRONT_CSS } from './storefrontCheckout.ts';
import { el } from './storefrontDom.ts';

/** An sRGB colour, 0..255 a channel. */
export type Rgb = readonly [number, number, number];

const WHITE: Rgb = [255, 255, 255];
/** The builder's default button colour: the shop's when the site has none of its own that works. */
export const DEFAULT_PRIMARY = '#1976d2';
/**
 * The shop's colour is text on white (Remove, Back to cart, Retry) and the background of white text (Add to Cart,
 * Checkout): WCAG AA asks 4.5:1 of text that size, and 3:1 of a button's border and focus ring.
 */
export const MIN_CONTRAST = 4.5;

/**
 * A computed `rgb()`/`rgba()` colour. With `over`, a see-through one is as it shows over that colour (fully
 * transparent is that colour itself); without, only an opaque one counts. Null for anything else.
 */
export function parseRgb(value: string, over: Rgb | null = null): Rgb | null {
  const parts = /^rgba?\(([^)]*)\)$/
    .exec(value.trim())?.[1]
    ?.split(/[\s,/]+/)
    .filter(Boolean);
  if (!parts || parts.length < 3 || parts.length > 4) return null;
  const [r = 0, g = 0, b = 0, alpha = 1] = parts.map(Number);
  if (![r, g, b, alpha].every(Number.isFinite)) return null;
  if (alpha >= 1) return [r, g, b];
  if (!over) return null;
  const mix = (channel: number, under: number) => Math.round(channel * alpha + under * (1 - alpha));
  return [mix(r, over[0]), mix(g, over[1]), mix(b, over[2])];
}

const luminance = (rgb: Rgb) => {
  const [r = 0, g = 0, b = 0] = rgb.map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

/** The WCAG contrast ratio of two colours, 1..21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

/**
 * The storefront's look (STOREFRONT_CSS) and its colour: the first of the site's buttons whose colour reads well
 * as text on white (so also under white text), with that button's text colour when it reads on it, else white.
 * A site with no such button (a white or pale hero button, a gradient) gets the builder's default blue.
 */
export function applyTheme(doc: Document): void {
  if (!doc.querySelector('style[data-storefront-css]')) {
    const style = el(doc, 'style', { 'data-storefront-css': '' });
    style.textContent = STOREFRONT_CSS;
    doc.head.append(style);
  }
  let primary = DEFAULT_PRIMARY;
  let onPrimary = '#fff';
  for (const button of doc.querySelectorAll<HTMLElement>(
    '.bz-site [data-element-id] > a[style*="background"]',
  )) {
    const computed = doc.defaultView?.getComputedStyle(button);
    const background = parseRgb(computed?.backgroundColor ?? '', WHITE);
    if (!background || contrastRatio(background, WHITE) < MIN_CONTRAST) continue;
    const text = parseRgb(computed?.color ?? '');
    primary = `rgb(${background.join(',')})`;
    if (text && contrastRatio(text, background) >= MIN_CONTRAST) onPrimary = `rgb(${text.join(',')})`;
    break;
  }
  doc.documentElement.style.setProperty('--bz-primary', primary);
  doc.documentElement.style.setProperty('--bz-on-primary', onPrimary);
}
