import type { FastifyPluginAsync } from 'fastify';
import type { OrderStatus, ProductInput, StoreCurrency } from '../../../src/contracts/store.ts';
import { requireAccountId } from '../../auth/authenticate.ts';
import { HttpError } from '../../errors.ts';
import { PRODUCT_NOT_FOUND } from '../../repositories/storeCarts.ts';
import {
  createCategory,
  createProduct,
  createStore,
  deleteCategory,
  deleteProduct,
  listProducts,
  listStores,
  ownsStore,
  storeCurrencyOf,
  updateProduct,
} from '../../repositories/storeCatalog.ts';
import { changeOrderStatus, listCustomerOrders, listStoreOrders } from '../../repositories/storeOrders.ts';
import type { RouteDeps } from '../routeDeps.ts';
import { STORE_NOT_FOUND } from './ecommercePublicRoutes.ts';
import {
  createCategorySchema,
  createProductSchema,
  createStoreSchema,
  customerOrdersSchema,
  deleteByIdSchema,
  listStoresSchema,
  orderStatusSchema,
  ownerProductsSchema,
  storeOrdersSchema,
  updateProductSchema,
} from './ecommerceSchemas.ts';

const STORE_TAKEN = 'This store ID is already in use. Please choose a different one.';
const CATEGORY_NOT_FOUND = 'Category not found';
const CATEGORY_TAKEN = 'A category with this name already exists';
const NOT_YOURS = 'Store or category not found';

// Prices are in the store's currency: a product cannot name another one.
function checkCurrency(input: ProductInput, storeCurrency: StoreCurrency | null): void {
  if (storeCurrency === null) throw new HttpError(404, NOT_YOURS);
  if (input.currency !== undefined && input.currency !== storeCurrency) {
    throw new HttpError(400, `currency must be the store currency (${storeCurrency})`);
  }
}

/**
 * What owners do: stores, catalogue and orders of the caller's account; another account's are 404. Every
 * member sees them; changing them (marking an order paid included) needs 'store.edit'.
 */
export const ecommerceOwnerRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db }) => {
  const view = { permission: 'account.view' } as const;
  const edit = { permission: 'store.edit' } as const;

  app.post<{ Body: { storeId: string; storeName: string; currency: StoreCurrency } }>(
    '/api/ecommerce/stores',
    { config: edit, schema: createStoreSchema },
    async (request, reply) => {
      const store = await createStore(db, requireAccountId(request), request.body);
      if (!store) throw new HttpError(409, STORE_TAKEN);
      return reply.code(201).send(store);
    },
  );

  app.get('/api/ecommerce/stores', { config: view, schema: listStoresSchema }, (request) =>
    listStores(db, requireAccountId(request)),
  );

  app.get<{ Params: { storeId: string }; Querystring: { skip: number; take: number; searchTerm?: string } }>(
    '/api/ecommerce/stores/:storeId/products',
    { config: view, schema: ownerProductsSchema },
    async (request) => {
      if (!(await ownsStore(db, requireAccountId(request), request.params.storeId)))
        throw new HttpError(404, STORE_NOT_FOUND);
      return listProducts(db, { ...request.query, storeId: request.params.storeId, includeInactive: true });
    },
  );

  app.post<{ Body: ProductInput & { storeId: string } }>(
    '/api/ecommerce/products',
    { config: edit, schema: createProductSchema },
    async (request, reply) => {
      const accountId = requireAccountId(request);
      const { storeId, ...input } = request.body;
      checkCurrency(input, await storeCurrencyOf(db, accountId, { storeId }));
      const product = await createProduct(db, accountId, storeId, input);
      if (!product) throw new HttpError(404, NOT_YOURS);
      return reply.code(201).send(product);
    },
  );

  app.put<{ Params: { id: number }; Body: ProductInput }>(
    '/api/ecommerce/products/:id',
    { config: edit, schema: updateProductSchema },
    async (request) => {
      const accountId = requireAccountId(request);
      const currency = await storeCurrencyOf(db, accountId, { productId: request.params.id });
      if (currency === null) throw new HttpError(404, PRODUCT_NOT_FOUND);
      checkCurrency(request.body, currency);
      const product = await updateProduct(db, accountId, request.params.id, request.body);
      if (!product) throw new HttpError(404, CATEGORY_NOT_FOUND);
      return product;
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/api/ecommerce/products/:id',
    { config: edit, schema: deleteByIdSchema },
    async (request, reply) => {
      if (!(await deleteProduct(db, requireAccountId(request), request.params.id)))
        throw new HttpError(404, PRODUCT_NOT_FOUND);
      return reply.code(204).send();
    },
  );

  app.post<{ Body: { storeId: string; name: string } }>(
    '/api/ecommerce/categories',
    { config: edit, schema: createCategorySchema },
    async (request, reply) => {
      const result = await createCategory(
        db,
        requireAccountId(request),
        request.body.storeId,
        request.body.name,
      );
      if (result === 'store') throw new HttpError(404, STORE_NOT_FOUND);
      if (result === 'duplicate') throw new HttpError(409, CATEGORY_TAKEN);
      return reply.code(201).send(result);
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/api/ecommerce/categories/:id',
    { config: edit, schema: deleteByIdSchema },
    async (request, reply) => {
      if (!(await deleteCategory(db, requireAccountId(request), request.params.id)))
        throw new HttpError(404, CATEGORY_NOT_FOUND);
      return reply.code(204).send();
    },
  );

  app.get<{ Params: { storeId: string }; Querystring: { skip: number; take: number } }>(
    '/api/ecommerce/stores/:storeId/orders',
    { config: view, schema: storeOrdersSchema },
    async (request) => {
      const { skip, take } = request.query;
      const page = await listStoreOrders(db, requireAccountId(request), request.params.storeId, skip, take);
      if (!page) throw new HttpError(404, STORE_NOT_FOUND);
      return page;
    },
  );

  app.patch<{ Params: { id: string }; Body: { status: OrderStatus } }>(
    '/api/ecommerce/orders/:id',
    { config: edit, schema: orderStatusSchema },
    (request) =>
      changeOrderStatus(
        db,
        requireAccountId(request),
        request.params.id,
        request.body.status,
        request.user.id,
      ),
  );

  app.get<{ Params: { id: string } }>(
    '/api/ecommerce/customers/:id/orders',
    { config: view, schema: customerOrdersSchema },
    (request) => listCustomerOrders(db, requireAccountId(request), request.params.id),
  );
};
