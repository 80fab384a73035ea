import type { CSSProperties } from 'react';
import { cssUrl } from '../sanitize.ts';
import type { ElementProps } from '../siteDoc.ts';
import { clampNumber, FONT_SIZE, FONT_WEIGHTS, FONTS, GRADIENT_PRESETS } from './constants.ts';
import { type FieldSpec, options, type ShownWhen } from './types.ts';

const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** A string property, or `fallback`. */
export function text(props: ElementProps, key: string, fallback = ''): string {
  const value = props[key];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback;
}

/** Colours, fonts, alignment, padding and backgrounds common to every element. */
export function boxStyle(props: ElementProps): CSSProperties {
  const style: CSSProperties = {};
  const font = str(props.fontFamily);
  if (font && (FONTS as readonly string[]).includes(font)) style.fontFamily = `'${font}', sans-serif`;
  if (props.fontSize !== undefined)
    style.fontSize = clampNumber(props.fontSize, FONT_SIZE.min, FONT_SIZE.max, FONT_SIZE.default);
  const weight = str(props.fontWeight);
  if (weight && (FONT_WEIGHTS as readonly string[]).includes(weight))
    style.fontWeight = weight as CSSProperties['fontWeight'];
  const align = str(props.textAlign);
  if (align === 'left' || align === 'center' || align === 'right') style.textAlign = align;
  if (str(props.color)) style.color = str(props.color);
  if (str(props.padding)) style.padding = str(props.padding);
  Object.assign(style, backgroundStyle(props));
  return style;
}

/** The background type of an element that has none set. */
const BACKGROUND_TYPE_DEFAULT = 'color';

/** backgroundType color | gradient | image (spec §3). */
export function backgroundStyle(props: ElementProps): CSSProperties {
  const type = str(props.backgroundType) ?? BACKGROUND_TYPE_DEFAULT;
  if (type === 'gradient') {
    const gradient = GRADIENT_PRESETS[text(props, 'backgroundGradient')];
    if (gradient) return { background: gradient };
  }
  if (type === 'image') {
    const url = cssUrl(props.backgroundImage);
    if (url) return { backgroundImage: url, backgroundSize: 'cover', backgroundPosition: 'center' };
  }
  return str(props.backgroundColor) ? { backgroundColor: str(props.backgroundColor) } : {};
}

export const typographyFields: FieldSpec[] = [
  { key: 'fontSize', label: 'Font Size', kind: 'slider', min: FONT_SIZE.min, max: FONT_SIZE.max },
  {
    key: 'fontFamily',
    label: 'Font',
    kind: 'select',
    options: [{ value: '', label: 'Default' }, ...options(FONTS)],
  },
  { key: 'fontWeight', label: 'Font Weight', kind: 'select', options: options(FONT_WEIGHTS) },
  { key: 'textAlign', label: 'Alignment', kind: 'select', options: options(['left', 'center', 'right']) },
  { key: 'color', label: 'Text Color', kind: 'color' },
];

/** A background field applies to one Background Type only: the panel shows the chosen type's field. */
const forBackground = (type: string): ShownWhen => ({
  key: 'backgroundType',
  equals: type,
  fallback: BACKGROUND_TYPE_DEFAULT,
});

export const backgroundFields: FieldSpec[] = [
  {
    key: 'backgroundType',
    label: 'Background Type',
    kind: 'select',
    options: options(['color', 'gradient', 'image']),
  },
  { key: 'backgroundColor', label: 'Background Color', kind: 'color', shownWhen: forBackground('color') },
  {
    key: 'backgroundGradient',
    label: 'Gradient',
    kind: 'select',
    options: options(Object.keys(GRADIENT_PRESETS)),
    shownWhen: forBackground('gradient'),
  },
  { key: 'backgroundImage', label: 'Background Image', kind: 'image', shownWhen: forBackground('image') },
];

/** Clamps the shared font size. */
export function normalizeTypography(props: ElementProps): ElementProps {
  return props.fontSize === undefined
    ? props
    : { ...props, fontSize: clampNumber(props.fontSize, FONT_SIZE.min, FONT_SIZE.max, FONT_SIZE.default) };
}
