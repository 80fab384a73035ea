import { safeImageUrl } from '../../sanitize.ts';
import { text } from '../shared.tsx';
import type { ElementDefinition } from '../types.ts';

/** An image (uploaded, linked or embedded as a data URL when the upload failed). */
export const imageElement: ElementDefinition = {
  type: 'image',
  label: 'Image',
  container: false,
  defaults: () => ({ imageUrl: '', alt: 'Image', width: '100%', borderRadius: 0 }),
  fields: [
    { key: 'imageUrl', label: 'Image', kind: 'image' },
    { key: 'alt', label: 'Alt Text', kind: 'text' },
    { key: 'width', label: 'Width', kind: 'text' },
    { key: 'borderRadius', label: 'Border Radius', kind: 'slider', min: 0, max: 50 },
  ],
  Render: ({ id, props }) => {
    const src = safeImageUrl(props.imageUrl);
    const width = /^\d+(px|%)?$/.test(text(props, 'width')) ? text(props, 'width') : '100%';
    return (
      <figure data-element-id={id} style={{ margin: 0, padding: '10px 20px', textAlign: 'center' }}>
        {src ? (
          <img
            src={src}
            alt={text(props, 'alt')}
            style={{ maxWidth: '100%', width, borderRadius: Number(props.borderRadius) || 0 }}
          />
        ) : (
          <div style={{ padding: 40, background: '#f0f0f0', color: '#888', border: '2px dashed #ccc' }}>
            No image selected
          </div>
        )}
      </figure>
    );
  },
};
