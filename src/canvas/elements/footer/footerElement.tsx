import { parsePipeList } from '../constants.ts';
import { backgroundFields, boxStyle, text, typographyFields } from '../shared.tsx';
import type { ElementDefinition } from '../types.ts';

function List({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <div>
      <h4 style={{ margin: '0 0 8px' }}>{title}</h4>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {items.map((item, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: items are plain text that may repeat
          <li key={i}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

/** Footer with copyright and three lists, each separated by '|' (spec §3). */
export const footerElement: ElementDefinition = {
  type: 'footer',
  label: 'Footer',
  container: false,
  defaults: () => ({
    content: '© 2025 Your Company. All rights reserved.',
    quickLinks: 'Home|About|Services|Contact',
    contactInfo: 'info@example.com|+1 555 0100',
    socialLinks: 'Facebook|Twitter|Instagram',
    backgroundColor: '#222222',
    color: '#ffffff',
    padding: '40px 20px',
  }),
  fields: [
    { key: 'content', label: 'Copyright', kind: 'text' },
    { key: 'quickLinks', label: 'Quick Links (separate with |)', kind: 'text' },
    { key: 'contactInfo', label: 'Contact Info (separate with |)', kind: 'text' },
    { key: 'socialLinks', label: 'Social Links (separate with |)', kind: 'text' },
    ...typographyFields,
    ...backgroundFields,
  ],
  Render: ({ id, props }) => (
    <footer data-element-id={id} style={boxStyle(props)}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 32, justifyContent: 'space-between' }}>
        <List title="Quick Links" items={parsePipeList(props.quickLinks)} />
        <List title="Contact" items={parsePipeList(props.contactInfo)} />
        <List title="Follow Us" items={parsePipeList(props.socialLinks)} />
      </div>
      <p style={{ marginTop: 24, textAlign: 'center' }}>{text(props, 'content')}</p>
    </footer>
  ),
};
