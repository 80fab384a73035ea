import { createContext, useContext } from 'react';
import type { Product } from '../../contracts/store.ts';
import type { ElementProps } from '../siteDoc.ts';

/** Where a store element's live data stands ('missing': the store or product does not exist, a 404). */
export type Live<T> = { status: 'loading' | 'ready' | 'error' | 'missing'; data: T | null };

/** What the editor shows for a grid whose store is missing or sells nothing (visitors see nothing). */
export const NO_PRODUCTS_PLACEHOLDER =
  'No products to show yet. Add products in Store, or choose another store for this element.';

/**
 * Live catalogue data for the store elements. The builder provides one backed by TanStack Query; static
 * rendering (preview HTML, published pages) has none, and the elements render their no-JS markup, which
 * the published site's script (`canvas/published/storefront.ts`) brings to life.
 */
export type CatalogueSource = {
  useProducts: (storeId: string) => Live<Product[]>;
  useProduct: (storeId: string, productId: number | null) => Live<Product>;
};

const noSource: CatalogueSource = {
  useProducts: () => ({ status: 'loading', data: null }),
  useProduct: () => ({ status: 'loading', data: null }),
};

export const CatalogueContext = createContext<CatalogueSource | null>(null);

/** The catalogue source in scope and whether one is provided at all. */
export function useCatalogueSource(): { source: CatalogueSource; live: boolean } {
  const source = useContext(CatalogueContext);
  return { source: source ?? noSource, live: source !== null };
}

/** A product id typed into the panel (text or number), or null when there is none. */
export function productIdOf(props: ElementProps): number | null {
  const id = Number(props.productId);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** A catalogue product as product-card element properties. */
export function productToProps(product: Product, base: ElementProps = {}): ElementProps {
  return {
    ...base,
    content: product.name,
    description: product.description,
    price: product.price,
    originalPrice: product.originalPrice ?? product.price,
    rating: product.rating,
    inventoryQuantity: product.inventoryQuantity,
    imageUrl: product.imageUrl,
    productId: product.id,
    storeId: product.storeId,
    currency: product.currency,
  };
}
