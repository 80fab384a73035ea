import type { UseQueryResult } from '@tanstack/react-query';
import type { CatalogueSource, Live } from '../../../canvas/elements/storeData.ts';
import { useCatalogue, useCatalogueProduct } from '../../../services/store/storeQueries.ts';

const live = <T>(query: UseQueryResult<T>): Live<T> => ({
  status: query.isError
    ? (query.error as { status?: unknown } | null)?.status === 404
      ? 'missing'
      : 'error'
    : query.data === undefined
      ? 'loading'
      : 'ready',
  data: query.data ?? null,
});

/** The builder's catalogue source: the store elements on the canvas read live data through TanStack Query. */
export const liveCatalogue: CatalogueSource = {
  useProducts: (storeId) => {
    const query = useCatalogue(storeId);
    return { ...live(query), data: query.data?.results ?? null };
  },
  useProduct: (storeId, productId) => {
    const query = useCatalogueProduct(storeId, productId);
    // Without a product id there is nothing to wait for: the card shows its own fields.
    return productId === null ? { status: 'ready', data: null } : live(query);
  },
};
