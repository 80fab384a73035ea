import type { CSSProperties } from 'react';
import { safeImageUrl, safeUrl } from '../../sanitize.ts';
import { CARD_VARIANTS } from '../constants.ts';
import { backgroundFields, boxStyle, text } from '../shared.tsx';
import { type ElementDefinition, options } from '../types.ts';

/** Cards in five variants: basic (default), horizontal, feature, pricing, testimonial. */
export const cardElement: ElementDefinition = {
  type: 'card',
  label: 'Card',
  container: false,
  startingText: ['content', 'description'],
  defaults: () => ({
    cardVariant: 'basic',
    content: 'Card Title',
    description: 'A short description of this card.',
    imageUrl: '',
    buttonText: 'Learn More',
    buttonUrl: '#',
    buttonColor: '#1976d2',
    price: '29',
    author: '',
    backgroundColor: '#ffffff',
  }),
  fields: [
    { key: 'cardVariant', label: 'Variant', kind: 'select', options: options(CARD_VARIANTS) },
    { key: 'content', label: 'Title', kind: 'text' },
    { key: 'description', label: 'Description', kind: 'textarea' },
    { key: 'imageUrl', label: 'Image', kind: 'image' },
    { key: 'buttonText', label: 'Button Text', kind: 'text' },
    { key: 'buttonUrl', label: 'Button URL', kind: 'url' },
    { key: 'buttonColor', label: 'Button Color', kind: 'color' },
    { key: 'price', label: 'Price (pricing)', kind: 'text' },
    { key: 'author', label: 'Author (testimonial)', kind: 'text' },
    ...backgroundFields,
  ],
  Render: ({ id, props }) => {
    const variant = text(props, 'cardVariant', 'basic');
    const image = safeImageUrl(props.imageUrl);
    const horizontal = variant === 'horizontal';
    const style: CSSProperties = {
      ...boxStyle(props),
      border: '1px solid #e0e0e0',
      borderRadius: 8,
      overflow: 'hidden',
      display: 'flex',
      flexDirection: horizontal ? 'row' : 'column',
      textAlign:
        variant === 'feature' || variant === 'pricing' || variant === 'testimonial' ? 'center' : 'left',
      margin: 10,
    };
    const buttonText = text(props, 'buttonText');
    return (
      <article data-element-id={id} data-variant={variant} style={style}>
        {image && variant !== 'testimonial' ? (
          <img src={image} alt="" style={{ width: horizontal ? '40%' : '100%', objectFit: 'cover' }} />
        ) : null}
        <div style={{ padding: 16, flex: 1 }}>
          {variant === 'testimonial' ? (
            <>
              <blockquote style={{ margin: 0, fontStyle: 'italic' }}>
                “{text(props, 'description')}”
              </blockquote>
              <p style={{ fontWeight: 700 }}>{text(props, 'author') || text(props, 'content')}</p>
            </>
          ) : (
            <>
              <h3 style={{ margin: '0 0 8px' }}>{text(props, 'content')}</h3>
              {variant === 'pricing' ? (
                <p style={{ fontSize: 32, fontWeight: 700, margin: '8px 0' }}>
                  ${text(props, 'price')}/month
                </p>
              ) : null}
              <p style={{ margin: '0 0 12px' }}>{text(props, 'description')}</p>
              {buttonText ? (
                <a
                  href={safeUrl(props.buttonUrl)}
                  style={{
                    display: 'inline-block',
                    padding: '8px 16px',
                    borderRadius: 4,
                    color: '#fff',
                    textDecoration: 'none',
                    backgroundColor: text(props, 'buttonColor', '#1976d2'),
                  }}
                >
                  {buttonText}
                </a>
              ) : null}
            </>
          )}
        </div>
      </article>
    );
  },
};
