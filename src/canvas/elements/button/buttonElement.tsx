import { safeUrl } from '../../sanitize.ts';
import type { ElementProps } from '../../siteDoc.ts';
import { BUTTON_LIMITS, clampNumber } from '../constants.ts';
import { boxStyle, normalizeTypography, text, typographyFields } from '../shared.tsx';
import { type ElementDefinition, options } from '../types.ts';

function normalize(props: ElementProps): ElementProps {
  const { width, height, borderRadius } = BUTTON_LIMITS;
  return {
    ...normalizeTypography(props),
    width: clampNumber(props.width, width.min, width.max, 160),
    height: clampNumber(props.height, height.min, height.max, 44),
    borderRadius: clampNumber(props.borderRadius, borderRadius.min, borderRadius.max, 6),
  };
}

/** A link styled as a button; width 50–600, height 24–200, radius 0–50 (spec §5). */
export const buttonElement: ElementDefinition = {
  type: 'button',
  label: 'Button',
  container: false,
  startingText: ['buttonText'],
  defaults: () => ({
    buttonText: 'Click Me',
    buttonUrl: '#',
    width: 160,
    height: 44,
    borderRadius: 6,
    backgroundColor: '#1976d2',
    color: '#ffffff',
    fontSize: 16,
    align: 'center',
    target: '_self',
  }),
  fields: [
    { key: 'buttonText', label: 'Button Text', kind: 'text' },
    { key: 'buttonUrl', label: 'Link URL', kind: 'url' },
    { key: 'target', label: 'Open In', kind: 'select', options: options(['_self', '_blank']) },
    { key: 'width', label: 'Width', kind: 'slider', ...BUTTON_LIMITS.width },
    { key: 'height', label: 'Height', kind: 'slider', ...BUTTON_LIMITS.height },
    { key: 'borderRadius', label: 'Border Radius', kind: 'slider', ...BUTTON_LIMITS.borderRadius },
    { key: 'backgroundColor', label: 'Button Color', kind: 'color' },
    { key: 'align', label: 'Position', kind: 'select', options: options(['left', 'center', 'right']) },
    ...typographyFields,
  ],
  normalize,
  Render: ({ id, props }) => {
    const p = normalize(props);
    const align = text(p, 'align', 'center');
    const blank = text(p, 'target') === '_blank';
    return (
      <div
        data-element-id={id}
        style={{ padding: '10px 20px', textAlign: align === 'left' || align === 'right' ? align : 'center' }}
      >
        <a
          href={safeUrl(p.buttonUrl)}
          target={blank ? '_blank' : undefined}
          rel={blank ? 'noopener noreferrer' : undefined}
          style={{
            ...boxStyle(p),
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            width: p.width as number,
            height: p.height as number,
            borderRadius: p.borderRadius as number,
            textDecoration: 'none',
            padding: 0,
          }}
        >
          {text(p, 'buttonText')}
        </a>
      </div>
    );
  },
};
