import { SECTION_HEIGHTS } from '../constants.ts';
import { backgroundFields, boxStyle, text } from '../shared.tsx';
import { type ElementDefinition, options } from '../types.ts';

const ALIGN = { top: 'flex-start', center: 'center', bottom: 'flex-end' } as const;

/** The section's anchor as an HTML id: links to `#{anchor}` scroll to it (letters, digits, - and _ only). */
export function anchorIdOf(props: Record<string, unknown>): string | undefined {
  const anchor = text(props, 'anchorId')
    .trim()
    .replace(/^#/, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]/g, '');
  return anchor || undefined;
}

/** A full-width band holding other elements; heights small 300 / medium 500 / large 700 / full / auto. */
export const sectionElement: ElementDefinition = {
  type: 'section',
  label: 'Section',
  container: true,
  defaults: () => ({
    sectionHeight: 'auto',
    sectionAlignment: 'top',
    backgroundType: 'color',
    backgroundColor: '#f8f9fa',
    padding: '40px 20px',
  }),
  fields: [
    { key: 'sectionHeight', label: 'Height', kind: 'select', options: options(Object.keys(SECTION_HEIGHTS)) },
    {
      key: 'sectionAlignment',
      label: 'Content Alignment',
      kind: 'select',
      options: options(Object.keys(ALIGN)),
    },
    { key: 'anchorId', label: 'Anchor (links to #anchor scroll here)', kind: 'text' },
    ...backgroundFields,
  ],
  Render: ({ id, props, children }) => {
    const height =
      SECTION_HEIGHTS[text(props, 'sectionHeight', 'auto') as keyof typeof SECTION_HEIGHTS] ?? 'auto';
    const align = ALIGN[text(props, 'sectionAlignment', 'top') as keyof typeof ALIGN] ?? 'flex-start';
    return (
      <section
        id={anchorIdOf(props)}
        data-element-id={id}
        style={{
          ...boxStyle(props),
          minHeight: height === 'auto' ? 80 : height,
          display: 'flex',
          flexDirection: 'column',
          justifyContent: align,
        }}
      >
        {children}
      </section>
    );
  },
};
