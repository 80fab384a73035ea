import { sanitizeHtml } from '../../sanitize.ts';
import { backgroundFields, boxStyle, normalizeTypography, typographyFields } from '../shared.tsx';
import type { ElementDefinition } from '../types.ts';

/** Rich text: its content is HTML-capable, so it is always sanitised before it reaches innerHTML. */
export const textElement: ElementDefinition = {
  type: 'text',
  label: 'Text',
  container: false,
  defaults: () => ({ content: 'Add your text here. Click to edit.', fontSize: 16, padding: '10px 20px' }),
  startingText: ['content'],
  fields: [{ key: 'content', label: 'Content', kind: 'textarea' }, ...typographyFields, ...backgroundFields],
  normalize: normalizeTypography,
  Render: ({ id, props }) => (
    <div
      data-element-id={id}
      style={boxStyle(props)}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify (sanitizeHtml)
      dangerouslySetInnerHTML={{ __html: sanitizeHtml(props.content) }}
    />
  ),
};
