import type { Paged, Product } from '../../src/contracts/store.ts';
import type { Db } from '../db/types.ts';
import { listProducts, type ProductQuery } from './storeCatalog.ts';

const MAX_ENTRIES = 2_000;

/**
 * The shoppers' product list. Where only this process writes (PGlite), a page is kept until the next write
 * of any kind (a stock change, a new cart line, an edit), so shoppers never see a stale catalogue; on
 * PostgreSQL every request reads the database.
 */
export function createCatalogueReader(db: Db): (query: ProductQuery) => Promise<Paged<Product>> {
  const generation = db.writeGeneration;
  if (!generation) return (query) => listProducts(db, query);
  const cache = new Map<string, { generation: number; page: Paged<Product> }>();
  return async (query) => {
    const key = JSON.stringify([
      query.storeId,
      query.skip,
      query.take,
      query.categoryId,
      query.searchTerm,
      query.includeInactive,
    ]);
    const hit = cache.get(key);
    if (hit && hit.generation === generation()) return hit.page;
    // Noted before the query: a write finishing during it moves the generation past this entry.
    const noted = generation();
    const page = await listProducts(db, query);
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(key, { generation: noted, page });
    return page;
  };
}
