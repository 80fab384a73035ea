import { slugify } from '../../src/contracts/slug.ts';
import {
  type Category,
  DEFAULT_CURRENCY,
  fromCents,
  type Product,
  type ProductInput,
  type ProductPage,
  type ProductUpdate,
  type Store,
  type StoreCurrency,
  toCents,
} from '../../src/contracts/store.ts';
import type { ProductListQuery } from '../../src/contracts/storeApi.ts';
import { readPage, skipTakeWindow, withWindow } from '../db/paging.ts';
import { rowMapper } from '../db/rows.ts';
import type { Queryable } from '../db/types.ts';

const STORE = `store_id as "storeId", store_name as "storeName", currency, created_at as "createdAt"`;
const PRODUCT = `p.id, p.store_id as "storeId", p.name, p.code, p.price_cents as "priceCents",
  s.currency, p.description, p.image_url as "imageUrl", p.inventory_quantity as "inventoryQuantity",
  p.is_active as "isActive", p.rating::float8 as rating, p.original_price_cents as "originalPriceCents",
  p.category_id as "categoryId"`;

type ProductRow = Omit<Product, 'price' | 'originalPrice'> & {
  priceCents: number;
  originalPriceCents: number | null;
};

const toProduct = ({ priceCents, originalPriceCents, ...row }: ProductRow): Product => ({
  ...row,
  price: fromCents(priceCents),
  originalPrice: originalPriceCents === null ? null : fromCents(originalPriceCents),
});

// Both drivers return timestamps as Date objects; the API speaks ISO strings.
const toStore = rowMapper<Store>({ dates: ['createdAt'] });

/** Creates a store; null when the store id is already taken (by anyone: shoppers address stores by it). */
export async function createStore(
  db: Queryable,
  accountId: number,
  input: { storeId: string; storeName: string; currency?: StoreCurrency },
): Promise<Store | null> {
  const row = await db.one<Store>(
    `insert into stores (store_id, account_id, store_name, currency) values ($1, $2, $3, $4)
     on conflict (store_id) do nothing returning ${STORE}`,
    [input.storeId, accountId, input.storeName, input.currency ?? DEFAULT_CURRENCY],
  );
  return row ? toStore(row) : null;
}

export async function listStores(db: Queryable, accountId: number): Promise<Store[]> {
  const rows = await db.query<Store>(
    `select ${STORE} from stores where account_id = $1 order by created_at, store_id`,
    [accountId],
  );
  return rows.map(toStore);
}

/** A store with its owner; for public routes, which know only the store id. */
export async function findStore(
  db: Queryable,
  storeId: string,
): Promise<(Store & { accountId: number }) | null> {
  const row = await db.one<Store & { accountId: number }>(
    `select ${STORE}, account_id as "accountId" from stores where store_id = $1`,
    [storeId],
  );
  return row ? { ...toStore(row), accountId: row.accountId } : null;
}

export async function ownsStore(db: Queryable, accountId: number, storeId: string): Promise<boolean> {
  return (
    (await db.one('select 1 from stores where account_id = $1 and store_id = $2', [accountId, storeId])) !==
    null
  );
}

export type ProductQuery = ProductListQuery & {
  /** Owners see inactive products too. */
  includeInactive?: boolean;
};

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * One page of a store's products in id order, with the count of all that match. The statement holds
 * only the filters asked for (at most eight texts, each prepared once), so the planner can walk the
 * partial index of active products instead of filtering every row, and a search term the trigram indexes.
 */
export async function listProducts(db: Queryable, query: ProductQuery): Promise<ProductPage> {
  const term = query.searchTerm?.trim() ? `%${escapeLike(query.searchTerm.trim())}%` : null;
  const conditions = ['p.store_id = $1'];
  const params: unknown[] = [query.storeId];
  if (!query.includeInactive) conditions.push('p.is_active');
  if (query.categoryId !== undefined) {
    params.push(query.categoryId);
    conditions.push(`p.category_id = $${params.length}`);
  }
  if (term !== null) {
    params.push(term);
    conditions.push(`(p.name ilike $${params.length} or p.code ilike $${params.length})`);
  }
  const where = `where ${conditions.join(' and ')}`;
  const window = skipTakeWindow(query.skip, query.take);
  const paged = withWindow(params, window);
  if (term !== null) {
    // The matches come from the trigram indexes (migration 0015) once, materialised: both the count and
    // the page read them, and the page's full rows are read for its ids only. (Inline, the planner would
    // walk every product in id order for the page's sake and test each against the pattern.)
    const rows = await db.query<ProductRow & { totalCount: number }>(
      `with matched as materialized (select p.id from products p ${where}),
       page as (select id from matched order by id ${paged.clause})
       select ${PRODUCT}, (select count(*) from matched)::integer as "totalCount"
       from page join products p on p.id = page.id join stores s on s.store_id = p.store_id
       order by p.id`,
      paged.params,
    );
    if (rows.length > 0 || query.skip === 0) {
      const totalCount = rows[0]?.totalCount ?? 0;
      return { results: rows.map(({ totalCount: _, ...row }) => toProduct(row)), totalCount };
    }
  }
  // A page that is not full ends the list: then its rows tell the count.
  const page = await readPage<ProductRow>(db, {
    select: `select ${PRODUCT} from products p join stores s on s.store_id = p.store_id ${where} order by p.id`,
    count: `select count(*)::integer as total from products p ${where}`,
    params,
    window,
  });
  return { results: page.rows.map(toProduct), totalCount: page.totalCount };
}

export async function findProduct(
  db: Queryable,
  storeId: string,
  id: number,
  includeInactive = false,
): Promise<Product | null> {
  const row = await db.one<ProductRow>(
    `select ${PRODUCT} from products p join stores s on s.store_id = p.store_id
     where p.store_id = $1 and p.id = $2 and ($3::boolean or p.is_active)`,
    [storeId, id, includeInactive],
  );
  return row ? toProduct(row) : null;
}

const productValues = (input: ProductInput) => [
  input.name,
  input.code ?? '',
  toCents(input.price),
  input.originalPrice === undefined || input.originalPrice === null ? null : toCents(input.originalPrice),
  input.description ?? '',
  input.imageUrl ?? '',
  input.inventoryQuantity ?? 0,
  input.isActive ?? true,
  input.rating ?? 5,
  input.categoryId ?? null,
];

/** Creates a product in one of the account's stores; null when the store (or category) is not the account's. */
export async function createProduct(
  db: Queryable,
  accountId: number,
  storeId: string,
  input: ProductInput,
): Promise<Product | null> {
  const row = await db.one<{ id: number }>(
    `insert into products (account_id, store_id, name, code, price_cents, original_price_cents, description,
       image_url, inventory_quantity, is_active, rating, category_id)
     select $1, s.store_id, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12 from stores s
     where s.account_id = $1 and s.store_id = $2
       and ($12::integer is null or exists (select 1 from store_categories c
         where c.id = $12::integer and c.store_id = s.store_id))
     returning id`,
    [accountId, storeId, ...productValues(input)],
  );
  return row ? findProduct(db, storeId, row.id, true) : null;
}

/**
 * One of the account's products, its row locked until the transaction `tx` ends (a PUT reads what it keeps and
 * writes it back); null when the account has none with that id.
 */
export async function lockAccountProduct(
  tx: Queryable,
  accountId: number,
  id: number,
): Promise<Product | null> {
  const row = await tx.one<ProductRow>(
    `select ${PRODUCT} from products p join stores s on s.store_id = p.store_id
     where p.account_id = $1 and p.id = $2 for update of p`,
    [accountId, id],
  );
  return row ? toProduct(row) : null;
}

/**
 * What a PUT writes: the fields sent over the product's own (a field left out keeps its value, never a
 * default: a PUT without a stock does not set it to 0).
 */
export const keptProductInput = (current: Product, sent: ProductUpdate): ProductInput => ({
  name: current.name,
  price: current.price,
  code: current.code,
  originalPrice: current.originalPrice,
  description: current.description,
  imageUrl: current.imageUrl,
  inventoryQuantity: current.inventoryQuantity,
  isActive: current.isActive,
  rating: current.rating,
  categoryId: current.categoryId,
  ...sent,
});

/** Replaces a product of the account; null when it has none with that id (or the category is foreign). */
export async function updateProduct(
  db: Queryable,
  accountId: number,
  id: number,
  input: ProductInput,
): Promise<Product | null> {
  const row = await db.one<{ storeId: string }>(
    `update products p set name = $3, code = $4, price_cents = $5, original_price_cents = $6,
       description = $7, image_url = $8, inventory_quantity = $9, is_active = $10, rating = $11,
       category_id = $12
     where p.account_id = $1 and p.id = $2
       and ($12::integer is null or exists (select 1 from store_categories c
         where c.id = $12::integer and c.store_id = p.store_id))
     returning p.store_id as "storeId"`,
    [accountId, id, ...productValues(input)],
  );
  return row ? findProduct(db, row.storeId, id, true) : null;
}

export async function deleteProduct(db: Queryable, accountId: number, id: number): Promise<boolean> {
  const rows = await db.query('delete from products where account_id = $1 and id = $2 returning id', [
    accountId,
    id,
  ]);
  return rows.length > 0;
}

/** The store currency of one of the account's products' stores, or of a store; null when not the account's. */
export async function storeCurrencyOf(
  db: Queryable,
  accountId: number,
  target: { storeId: string } | { productId: number },
): Promise<StoreCurrency | null> {
  const row =
    'storeId' in target
      ? await db.one<{ currency: StoreCurrency }>(
          'select currency from stores where account_id = $1 and store_id = $2',
          [accountId, target.storeId],
        )
      : await db.one<{ currency: StoreCurrency }>(
          `select s.currency from products p join stores s on s.store_id = p.store_id
           where p.account_id = $1 and p.id = $2`,
          [accountId, target.productId],
        );
  return row?.currency ?? null;
}

export async function listCategories(db: Queryable, storeId: string): Promise<Category[]> {
  return db.query<Category>(
    `select id, store_id as "storeId", name from store_categories where store_id = $1 order by name, id`,
    [storeId],
  );
}

/** Creates a category; 'store' when the store is not the account's, 'duplicate' when the name exists. */
export async function createCategory(
  db: Queryable,
  accountId: number,
  storeId: string,
  name: string,
): Promise<Category | 'store' | 'duplicate'> {
  if (!(await ownsStore(db, accountId, storeId))) return 'store';
  const row = await db.one<Category>(
    `insert into store_categories (account_id, store_id, name) values ($1, $2, $3)
     on conflict (store_id, name) do nothing returning id, store_id as "storeId", name`,
    [accountId, storeId, name],
  );
  return row ?? 'duplicate';
}

export async function deleteCategory(db: Queryable, accountId: number, id: number): Promise<boolean> {
  const rows = await db.query('delete from store_categories where account_id = $1 and id = $2 returning id', [
    accountId,
    id,
  ]);
  return rows.length > 0;
}

/** A store id made from a name with the product's one slug rule ('Rosa’s Bakery' → 'rosas-bakery'). */
export function storeIdFromName(name: string): string {
  return slugify(name, 50) || 'store';
}

/**
 * The account's first store, named after the business, when it has none yet (business setup): its id
 * is the name's slug, made unique with a numeric suffix ('rosas-bakery-2'). Null when the account has a
 * store already. Run in a transaction: the account row is locked so two saves make one store.
 */
export async function ensureAccountStore(
  tx: Queryable,
  accountId: number,
  businessName: string,
): Promise<Store | null> {
  await tx.query('select 1 from accounts where id = $1 for update', [accountId]);
  if (await tx.one('select 1 from stores where account_id = $1 limit 1', [accountId])) return null;
  const base = storeIdFromName(businessName);
  const taken = new Set(
    (
      await tx.query<{ storeId: string }>(
        `select store_id as "storeId" from stores where store_id = $1 or store_id like $2`,
        [base, `${base}-%`],
      )
    ).map((row) => row.storeId),
  );
  for (let suffix = 1; ; suffix += 1) {
    const storeId = suffix === 1 ? base : `${base}-${suffix}`;
    if (taken.has(storeId)) continue;
    const store = await createStore(tx, accountId, {
      storeId,
      storeName: businessName.trim().slice(0, 200),
      currency: DEFAULT_CURRENCY,
    });
    // Taken meanwhile by another account's setup: the next suffix.
    if (store) return store;
  }
}
