import { formatMoney } from '../../../contracts/store.ts';
import { safeImageUrl } from '../../sanitize.ts';
import type { ElementProps } from '../../siteDoc.ts';
import { clampNumber, DEFAULT_STORE_ID, PRODUCT_CARD_WIDTH, PRODUCT_DEFAULTS } from '../constants.ts';
import { text } from '../shared.tsx';
import { productIdOf, productToProps, useCatalogueSource } from '../storeData.ts';
import type { ElementDefinition } from '../types.ts';

/** Up to this stock the quantity is a select of 1..stock; above it, a number input clamped to 1..stock. */
export const MAX_QUANTITY_CHOICES = 99;

/** Spec §5: rating 0–5, stock ≥ 0. */
export function normalizeProduct(props: ElementProps): ElementProps {
  return {
    ...props,
    price: clampNumber(props.price, 0, Number.MAX_SAFE_INTEGER, PRODUCT_DEFAULTS.price),
    originalPrice: clampNumber(
      props.originalPrice,
      0,
      Number.MAX_SAFE_INTEGER,
      PRODUCT_DEFAULTS.originalPrice,
    ),
    rating: clampNumber(props.rating, 0, 5, PRODUCT_DEFAULTS.rating),
    inventoryQuantity: Math.floor(
      clampNumber(props.inventoryQuantity, 0, Number.MAX_SAFE_INTEGER, PRODUCT_DEFAULTS.inventoryQuantity),
    ),
  };
}

/**
 * One product card (280 px): stars, the original price struck, 'Out of stock' with adding disabled and a
 * quantity selector 1..stock. Its data-* attributes are what the published site's script binds to.
 */
export function ProductCardView({ id, props }: { id?: string; props: ElementProps }) {
  const p = normalizeProduct(props);
  const stock = p.inventoryQuantity as number;
  const rating = p.rating as number;
  const stars = Math.max(1, Math.round(rating));
  const image = safeImageUrl(p.imageUrl).replace(/^(?:\.{1,2}\/)*\/?(api\/uploads\/)/, '/$1');
  const currency = text(p, 'currency', 'USD');
  const productId = productIdOf(p);
  const price = p.price as number;
  const originalPrice = p.originalPrice as number;
  return (
    <div
      data-element-id={id}
      data-product-card=""
      data-store-id={text(p, 'storeId', DEFAULT_STORE_ID)}
      data-product-id={productId ?? undefined}
      style={{
        width: PRODUCT_CARD_WIDTH,
        border: '1px solid #e0e0e0',
        borderRadius: 8,
        overflow: 'hidden',
        background: '#fff',
        margin: 10,
      }}
    >
      {image ? (
        <img src={image} alt="" style={{ width: '100%', height: 180, objectFit: 'cover' }} />
      ) : (
        <div style={{ height: 180, background: '#f0f0f0' }} />
      )}
      <div style={{ padding: 12 }}>
        <h4 style={{ margin: '0 0 4px' }}>{text(p, 'content', 'Product Name')}</h4>
        {rating > 0 ? (
          <div role="img" aria-label={`${stars} stars`} style={{ color: '#f5a623' }}>
            {'★'.repeat(stars)}
            {'☆'.repeat(5 - stars)}
          </div>
        ) : null}
        <p style={{ margin: '6px 0', color: '#555' }}>{text(p, 'description')}</p>
        <p style={{ margin: '6px 0' }}>
          <strong>{formatMoney(price, currency)}</strong>{' '}
          {originalPrice > price ? (
            <s style={{ color: '#999' }}>{formatMoney(originalPrice, currency)}</s>
          ) : null}
        </p>
        {stock === 0 ? <p style={{ color: '#d32f2f', margin: '4px 0' }}>Out of stock</p> : null}
        {stock > 0 && stock <= MAX_QUANTITY_CHOICES ? (
          <select aria-label="Quantity" data-store-quantity="" style={{ marginBottom: 6 }}>
            {Array.from({ length: stock }, (_, index) => index + 1).map((quantity) => (
              <option key={quantity} value={quantity}>
                {quantity}
              </option>
            ))}
          </select>
        ) : null}
        {stock > MAX_QUANTITY_CHOICES ? (
          <input
            type="number"
            aria-label="Quantity"
            data-store-quantity=""
            min={1}
            max={stock}
            step={1}
            defaultValue={1}
            style={{ marginBottom: 6, width: 80 }}
          />
        ) : null}
        <button
          type="button"
          data-store-action="add"
          disabled={stock === 0}
          style={{
            width: '100%',
            padding: 8,
            background: stock === 0 ? '#bbb' : '#1976d2',
            color: '#fff',
            border: 0,
            borderRadius: 4,
          }}
        >
          {text(p, 'buttonText', 'Add to Cart')}
        </button>
      </div>
    </div>
  );
}

// Bound to a product (storeId + productId), the card shows the live catalogue entry where one is provided.
function ProductCardElement({ id, props }: { id: string; props: ElementProps }) {
  const { source } = useCatalogueSource();
  const storeId = text(props, 'storeId', DEFAULT_STORE_ID);
  const live = source.useProduct(storeId, productIdOf(props));
  return <ProductCardView id={id} props={live.data ? productToProps(live.data, props) : props} />;
}

export const productCardElement: ElementDefinition = {
  type: 'product-card',
  label: 'Product Card',
  container: false,
  startingText: ['content', 'description'],
  defaults: () => ({
    content: 'Product Name',
    description: 'A great product.',
    price: PRODUCT_DEFAULTS.price,
    originalPrice: PRODUCT_DEFAULTS.originalPrice,
    rating: PRODUCT_DEFAULTS.rating,
    inventoryQuantity: PRODUCT_DEFAULTS.inventoryQuantity,
    imageUrl: '',
    productId: '',
    storeId: DEFAULT_STORE_ID,
    buttonText: 'Add to Cart',
  }),
  fields: [
    { key: 'storeId', label: 'Store ID', kind: 'text' },
    { key: 'productId', label: 'Product ID', kind: 'text' },
    { key: 'content', label: 'Name', kind: 'text' },
    { key: 'description', label: 'Description', kind: 'textarea' },
    { key: 'price', label: 'Price', kind: 'number', min: 0, max: 1_000_000, step: 0.01 },
    { key: 'originalPrice', label: 'Original Price', kind: 'number', min: 0, max: 1_000_000, step: 0.01 },
    { key: 'rating', label: 'Rating', kind: 'number', min: 0, max: 5, step: 1 },
    { key: 'inventoryQuantity', label: 'Stock', kind: 'number', min: 0, max: 1_000_000, step: 1 },
    { key: 'imageUrl', label: 'Image', kind: 'image' },
    { key: 'buttonText', label: 'Button Text', kind: 'text' },
  ],
  normalize: normalizeProduct,
  Render: ({ id, props }) => <ProductCardElement id={id} props={props} />,
};
