import { GRID_ALIGNMENTS, GRID_COLUMNS, GRID_GAPS } from '../constants.ts';
import { backgroundFields, boxStyle, text } from '../shared.tsx';
import { type ElementDefinition, options } from '../types.ts';

/** Columns 2, 3 or 4 (default 2), gaps none/small/medium/large; one column at ≤ 768 px (SITE_CSS). */
export const gridElement: ElementDefinition = {
  type: 'grid',
  label: 'Grid',
  container: true,
  defaults: () => ({ gridColumns: 2, gridGap: 'medium', gridAlignment: 'stretch', padding: '20px' }),
  fields: [
    { key: 'gridColumns', label: 'Columns', kind: 'select', options: options(GRID_COLUMNS) },
    { key: 'gridGap', label: 'Gap', kind: 'select', options: options(Object.keys(GRID_GAPS)) },
    { key: 'gridAlignment', label: 'Alignment', kind: 'select', options: options(GRID_ALIGNMENTS) },
    ...backgroundFields,
  ],
  normalize: (props) => ({
    ...props,
    gridColumns: (GRID_COLUMNS as readonly number[]).includes(Number(props.gridColumns))
      ? Number(props.gridColumns)
      : 2,
  }),
  Render: ({ id, props, children }) => {
    const columns = (GRID_COLUMNS as readonly number[]).includes(Number(props.gridColumns))
      ? Number(props.gridColumns)
      : 2;
    const align = text(props, 'gridAlignment', 'stretch');
    return (
      <div
        data-element-id={id}
        className="bz-grid"
        style={{
          ...boxStyle(props),
          gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
          gap: GRID_GAPS[text(props, 'gridGap', 'medium') as keyof typeof GRID_GAPS] ?? '20px',
          alignItems: (GRID_ALIGNMENTS as readonly string[]).includes(align) ? align : 'stretch',
          minHeight: 60,
        }}
      >
        {children}
      </div>
    );
  },
};
