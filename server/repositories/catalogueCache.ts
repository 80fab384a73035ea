import type { ProductPage } from '../../src/contracts/store.ts';
import { cacheByGeneration } from '../db/generationCache.ts';
import type { Db } from '../db/types.ts';
import { listProducts, type ProductQuery } from './storeCatalog.ts';

/**
 * The shoppers' product list. A page is kept until the catalogue's generation moves: after the next write
 * of any kind by this process (a stock change, a new cart line, an edit) and, on PostgreSQL, when another
 * process changes a store or a product (the `catalogue_rows` notification, migration 0015), so shoppers
 * never see a stale catalogue. While PostgreSQL's listening connection is down nothing is kept.
 */
export function createCatalogueReader(db: Db): (query: ProductQuery) => Promise<ProductPage> {
  return cacheByGeneration({
    generation: db.catalogueGeneration,
    key: (query: ProductQuery) =>
      JSON.stringify([
        query.storeId,
        query.skip,
        query.take,
        query.categoryId,
        query.searchTerm,
        query.includeInactive,
      ]),
    read: (query) => listProducts(db, query),
  });
}
