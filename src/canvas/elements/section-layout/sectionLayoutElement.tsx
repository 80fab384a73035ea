import { backgroundFields, boxStyle, text } from '../shared.tsx';
import { type ElementDefinition, options } from '../types.ts';

const LAYOUTS = {
  'two-columns': '1fr 1fr',
  'three-columns': '1fr 1fr 1fr',
  'sidebar-left': '1fr 2fr',
  'sidebar-right': '2fr 1fr',
  single: '1fr',
} as const;

/** A section with a column layout preset for its children (one column on mobile). */
export const sectionLayoutElement: ElementDefinition = {
  type: 'section-layout',
  label: 'Section Layout',
  container: true,
  defaults: () => ({ layout: 'two-columns', padding: '40px 20px', backgroundColor: '#ffffff' }),
  fields: [
    { key: 'layout', label: 'Layout', kind: 'select', options: options(Object.keys(LAYOUTS)) },
    ...backgroundFields,
  ],
  Render: ({ id, props, children }) => (
    <section
      data-element-id={id}
      className="bz-layout"
      style={{
        ...boxStyle(props),
        display: 'grid',
        gap: 20,
        gridTemplateColumns:
          LAYOUTS[text(props, 'layout', 'two-columns') as keyof typeof LAYOUTS] ?? '1fr 1fr',
        minHeight: 80,
      }}
    >
      {children}
    </section>
  ),
};
