import { backgroundFields, boxStyle, normalizeTypography, text, typographyFields } from '../shared.tsx';
import { type ElementDefinition, options } from '../types.ts';

/** A heading with an optional subtitle. */
export const headerElement: ElementDefinition = {
  type: 'header',
  label: 'Header',
  container: false,
  startingText: ['content'],
  defaults: () => ({
    content: 'Welcome to Our Website',
    subtitle: '',
    level: 'h1',
    fontSize: 36,
    textAlign: 'center',
    padding: '40px 20px',
  }),
  fields: [
    { key: 'content', label: 'Heading', kind: 'text' },
    { key: 'subtitle', label: 'Subtitle', kind: 'text' },
    { key: 'level', label: 'Level', kind: 'select', options: options(['h1', 'h2', 'h3']) },
    ...typographyFields,
    ...backgroundFields,
  ],
  normalize: normalizeTypography,
  Render: ({ id, props }) => {
    const level = text(props, 'level');
    const Heading = level === 'h2' ? 'h2' : level === 'h3' ? 'h3' : 'h1';
    const subtitle = text(props, 'subtitle');
    return (
      <header data-element-id={id} style={boxStyle(props)}>
        <Heading style={{ margin: 0, fontSize: 'inherit' }}>{text(props, 'content')}</Heading>
        {subtitle ? <p style={{ margin: '8px 0 0', fontSize: '0.5em' }}>{subtitle}</p> : null}
      </header>
    );
  },
};
