import { PRODUCTS_FAILED_MESSAGE, SAMPLE_PRODUCTS } from '../../../contracts/store.ts';
import type { ElementProps } from '../../siteDoc.ts';
import { DEFAULT_STORE_ID, GRID_COLUMNS } from '../constants.ts';
import { ProductCardView } from '../product-card/productCardElement.tsx';
import { text } from '../shared.tsx';
import { NO_PRODUCTS_PLACEHOLDER, productToProps, useCatalogueSource } from '../storeData.ts';
import { type ElementDefinition, options } from '../types.ts';

/** What a grid shows before (or without) its script: published pages replace it with the live catalogue. */
export const GRID_LOADING_TEXT = 'Loading products…';

function GridItems({ storeId }: { storeId: string }) {
  const { source, live } = useCatalogueSource();
  const products = source.useProducts(storeId);
  if (!live || products.status === 'loading') return <p data-store-status="">{GRID_LOADING_TEXT}</p>;
  if (products.status === 'error') {
    return (
      <>
        <p data-store-status="" style={{ color: '#d32f2f', gridColumn: '1 / -1' }}>
          {PRODUCTS_FAILED_MESSAGE}
        </p>
        {SAMPLE_PRODUCTS.map((product) => (
          <ProductCardView key={product.id} props={{ ...productToProps(product), productId: '' }} />
        ))}
      </>
    );
  }
  // A store that does not exist or sells nothing: the owner is told what to do (visitors see no grid).
  if (products.status === 'missing' || !products.data || products.data.length === 0) {
    return (
      <p data-store-status="" style={{ gridColumn: '1 / -1', color: '#555' }}>
        {NO_PRODUCTS_PLACEHOLDER}
      </p>
    );
  }
  return (
    <>
      {products.data.map((product) => (
        <ProductCardView key={product.id} props={productToProps(product)} />
      ))}
    </>
  );
}

function ProductGridView({ id, props }: { id: string; props: ElementProps }) {
  const columns = (GRID_COLUMNS as readonly number[]).includes(Number(props.gridColumns))
    ? Number(props.gridColumns)
    : 3;
  const storeId = text(props, 'storeId', DEFAULT_STORE_ID);
  return (
    <section data-element-id={id} data-store-grid="" data-store-id={storeId} style={{ padding: 20 }}>
      <h2 style={{ textAlign: 'center' }}>{text(props, 'content')}</h2>
      <div
        className="bz-grid"
        data-store-products=""
        style={{ gridTemplateColumns: `repeat(${columns}, max-content)`, gap: 20, justifyContent: 'center' }}
      >
        <GridItems storeId={storeId} />
      </div>
    </section>
  );
}

/** A grid of the store's products: live on the canvas and, through the site script, on published pages. */
export const productGridElement: ElementDefinition = {
  type: 'product-grid',
  label: 'Product Grid',
  container: false,
  defaults: () => ({ content: 'Our Products', storeId: DEFAULT_STORE_ID, gridColumns: 3 }),
  fields: [
    { key: 'content', label: 'Title', kind: 'text' },
    { key: 'storeId', label: 'Store ID', kind: 'text' },
    { key: 'gridColumns', label: 'Columns', kind: 'select', options: options(GRID_COLUMNS) },
  ],
  Render: ({ id, props }) => <ProductGridView id={id} props={props} />,
};
