import { CONTAINER_PADDINGS, CONTAINER_WIDTHS } from '../constants.ts';
import { backgroundFields, boxStyle, text } from '../shared.tsx';
import { type ElementDefinition, options } from '../types.ts';

/** A centred box: widths narrow 800 / medium 1200 / wide 1400 / full; paddings none to large. */
export const containerElement: ElementDefinition = {
  type: 'container',
  label: 'Container',
  container: true,
  defaults: () => ({ containerWidth: 'medium', containerPadding: 'medium' }),
  fields: [
    {
      key: 'containerWidth',
      label: 'Width',
      kind: 'select',
      options: options(Object.keys(CONTAINER_WIDTHS)),
    },
    {
      key: 'containerPadding',
      label: 'Padding',
      kind: 'select',
      options: options(Object.keys(CONTAINER_PADDINGS)),
    },
    ...backgroundFields,
  ],
  Render: ({ id, props, children }) => (
    <div
      data-element-id={id}
      style={{
        ...boxStyle(props),
        maxWidth:
          CONTAINER_WIDTHS[text(props, 'containerWidth', 'medium') as keyof typeof CONTAINER_WIDTHS] ??
          '1200px',
        padding:
          CONTAINER_PADDINGS[text(props, 'containerPadding', 'medium') as keyof typeof CONTAINER_PADDINGS] ??
          '40px',
        margin: '0 auto',
        width: '100%',
        minHeight: 60,
      }}
    >
      {children}
    </div>
  ),
};
