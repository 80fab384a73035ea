import { assign, type SnapshotFrom, setup } from 'xstate';
import {
  CART_FAILED_MESSAGE,
  type Cart,
  cartCount,
  emptyLocalCart,
  ORDER_FAILED_MESSAGE,
  ORDER_PLACED_MESSAGE,
  type Order,
  type Paged,
  PRODUCT_PAGE_SIZE,
  PRODUCTS_FAILED_MESSAGE,
  type Product,
  SAMPLE_PRODUCTS,
  withoutItem,
} from '../contracts/store.ts';
import { notProvided } from './notProvided.ts';

// The messages and samples live in contracts (the published grid shows them too); re-exported for the views.
export {
  CART_FAILED_MESSAGE,
  ORDER_FAILED_MESSAGE,
  ORDER_PLACED_MESSAGE,
  PRODUCTS_FAILED_MESSAGE,
  SAMPLE_PRODUCTS,
} from '../contracts/store.ts';

export type CartInput = { storeId: string; customerId: string; cartId?: string | null };

export type CartEvent =
  | { type: 'cart.retry' }
  /** Shows only one category's products (null: all of them). */
  | { type: 'cart.filter'; categoryId: number | null }
  | { type: 'cart.add'; productId: number; quantity: number }
  | { type: 'cart.setQuantity'; itemId: number; quantity: number }
  | { type: 'cart.remove'; itemId: number }
  | { type: 'cart.checkout' }
  | { type: 'cart.open' }
  | { type: 'cart.close' }
  | { type: 'cart.toggle' }
  | { type: 'cart.dismiss' };

export type CartNotice = { severity: 'success' | 'error'; text: string };

export type CartContext = {
  storeId: string;
  customerId: string;
  /** The cart id given at start (loaded instead of creating one). */
  initialCartId: string | null;
  /** The category the catalogue is filtered by (null: all products). */
  categoryId: number | null;
  products: readonly Product[];
  totalCount: number;
  productsError: string | null;
  cart: Cart;
  cartError: string | null;
  isOpen: boolean;
  notice: CartNotice | null;
  lastOrder: Order | null;
  /** The item a running removal or quantity change is about (for the local-removal fallback). */
  pendingItemId: number | null;
};

type CartIds = { cartId: string };
export type LoadProductsInput = { storeId: string; take: number; categoryId: number | null };
export type AddItemInput = {
  storeId: string;
  customerId: string;
  cartId: string;
  productId: number;
  quantity: number;
};

const errorText = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

/**
 * One storefront's catalogue and cart (systemId `cart`). Two regions: the catalogue loads (falling back
 * to three sample products with 'Failed to load products' and a Retry), while the cart is loaded or
 * created (falling back to an empty local cart). Every add, change or removal answer replaces the cart;
 * a quantity ≤ 0 removes; a failed removal removes locally anyway; checkout places the order, then starts
 * a new cart and closes the sidebar or dropdown.
 */
export const cartMachine = setup({
  types: { context: {} as CartContext, events: {} as CartEvent, input: {} as CartInput },
  actors: {
    /** GET /api/ecommerce/products?storeId&skip=0&take=20. */
    loadProducts: notProvided<Paged<Product>, LoadProductsInput>('loadProducts'),
    /** GET /api/ecommerce/cart/{cartId}. */
    loadCart: notProvided<Cart, CartIds>('loadCart'),
    /** POST /api/ecommerce/cart. */
    createCart: notProvided<Cart, { storeId: string; customerId: string }>('createCart'),
    /** POST /api/ecommerce/cart/{cartId}/items (creating a cart first when only a local one exists). */
    addItem: notProvided<Cart, AddItemInput>('addItem'),
    /** PATCH /api/ecommerce/cart/{cartId}/items/{itemId}. */
    updateItem: notProvided<Cart, CartIds & { itemId: number; quantity: number }>('updateItem'),
    /** DELETE /api/ecommerce/cart/{cartId}/items/{itemId}. */
    removeItem: notProvided<Cart, CartIds & { itemId: number }>('removeItem'),
    /** POST /api/ecommerce/orders with an Idempotency-Key. */
    placeOrder: notProvided<Order, CartIds & { idempotencyKey: string }>('placeOrder'),
  },
  actions: {
    replaceCart: assign((_, cart: Cart) => ({ cart, notice: null, pendingItemId: null })),
    showError: assign((_, text: string) => ({ notice: { severity: 'error' as const, text } })),
  },
  guards: {
    hasInitialCart: ({ context }) => context.initialCartId !== null,
    isSellable: ({ context, event }) =>
      event.type === 'cart.add' &&
      event.productId > 0 &&
      event.quantity >= 1 &&
      context.productsError === null,
    removesItem: ({ event }) => event.type === 'cart.setQuantity' && event.quantity <= 0,
    hasItems: ({ context }) => context.cart.items.length > 0,
  },
}).createMachine({
  id: 'cart',
  type: 'parallel',
  context: ({ input }) => ({
    storeId: input.storeId,
    customerId: input.customerId,
    initialCartId: input.cartId ?? null,
    categoryId: null,
    products: [],
    totalCount: 0,
    productsError: null,
    cart: emptyLocalCart(input.storeId),
    cartError: null,
    isOpen: false,
    notice: null,
    lastOrder: null,
    pendingItemId: null,
  }),
  on: {
    'cart.open': { actions: assign({ isOpen: true }) },
    'cart.close': { actions: assign({ isOpen: false }) },
    'cart.toggle': { actions: assign(({ context }) => ({ isOpen: !context.isOpen })) },
    'cart.dismiss': { actions: assign({ notice: null }) },
  },
  states: {
    catalogue: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['loadingProducts'],
          invoke: {
            src: 'loadProducts',
            input: ({ context }) => ({
              storeId: context.storeId,
              take: PRODUCT_PAGE_SIZE,
              categoryId: context.categoryId,
            }),
            onDone: {
              target: 'ready',
              actions: assign(({ event }) => ({
                products: event.output.results,
                totalCount: event.output.totalCount,
                productsError: null,
              })),
            },
            onError: {
              target: 'failed',
              actions: assign({
                products: SAMPLE_PRODUCTS,
                totalCount: SAMPLE_PRODUCTS.length,
                productsError: PRODUCTS_FAILED_MESSAGE,
              }),
            },
          },
        },
        ready: { on: { 'cart.retry': 'loading' } },
        failed: { on: { 'cart.retry': 'loading' } },
      },
      // A new filter (re)loads, also while a load is running: the older answer is dropped with its actor.
      on: {
        'cart.filter': {
          target: '.loading',
          reenter: true,
          actions: assign(({ event }) => ({ categoryId: event.categoryId })),
        },
      },
    },
    basket: {
      initial: 'starting',
      states: {
        starting: {
          always: [{ guard: 'hasInitialCart', target: 'loading' }, { target: 'creating' }],
        },
        loading: {
          tags: ['busy'],
          invoke: {
            src: 'loadCart',
            input: ({ context }) => ({ cartId: context.initialCartId ?? '' }),
            onDone: {
              target: 'idle',
              actions: { type: 'replaceCart', params: ({ event }) => event.output },
            },
            // The stored cart is gone or unreadable: say so, and start a fresh one.
            onError: { target: 'creating', actions: assign({ cartError: CART_FAILED_MESSAGE }) },
          },
        },
        creating: {
          tags: ['busy'],
          invoke: {
            src: 'createCart',
            input: ({ context }) => ({ storeId: context.storeId, customerId: context.customerId }),
            onDone: { target: 'idle', actions: assign(({ event }) => ({ cart: event.output })) },
            onError: {
              target: 'idle',
              actions: assign(({ context }) => ({
                cart: emptyLocalCart(context.storeId, context.cart.currency),
              })),
            },
          },
          // A shopper faster than the new cart: adding creates the cart itself (the local cart has no id).
          on: { 'cart.add': { guard: 'isSellable', target: 'adding' } },
        },
        idle: {
          on: {
            'cart.add': { guard: 'isSellable', target: 'adding' },
            'cart.setQuantity': [
              {
                guard: 'removesItem',
                target: 'removing',
                actions: assign(({ event }) => ({ pendingItemId: event.itemId })),
              },
              { target: 'updating', actions: assign(({ event }) => ({ pendingItemId: event.itemId })) },
            ],
            'cart.remove': {
              target: 'removing',
              actions: assign(({ event }) => ({ pendingItemId: event.itemId })),
            },
            'cart.checkout': { guard: 'hasItems', target: 'checkingOut' },
          },
        },
        adding: {
          tags: ['busy'],
          invoke: {
            src: 'addItem',
            input: ({ context, event }) => ({
              storeId: context.storeId,
              customerId: context.customerId,
              cartId: context.cart.id,
              productId: event.type === 'cart.add' ? event.productId : 0,
              quantity: event.type === 'cart.add' ? event.quantity : 1,
            }),
            onDone: { target: 'idle', actions: { type: 'replaceCart', params: ({ event }) => event.output } },
            onError: {
              target: 'idle',
              actions: { type: 'showError', params: ({ event }) => errorText(event.error, 'API Error') },
            },
          },
        },
        updating: {
          tags: ['busy'],
          invoke: {
            src: 'updateItem',
            input: ({ context, event }) => ({
              cartId: context.cart.id,
              itemId: context.pendingItemId ?? 0,
              quantity: event.type === 'cart.setQuantity' ? event.quantity : 1,
            }),
            onDone: { target: 'idle', actions: { type: 'replaceCart', params: ({ event }) => event.output } },
            onError: {
              target: 'idle',
              actions: [
                assign({ pendingItemId: null }),
                { type: 'showError', params: ({ event }) => errorText(event.error, 'API Error') },
              ],
            },
          },
        },
        removing: {
          tags: ['busy'],
          invoke: {
            src: 'removeItem',
            input: ({ context }) => ({ cartId: context.cart.id, itemId: context.pendingItemId ?? 0 }),
            onDone: { target: 'idle', actions: { type: 'replaceCart', params: ({ event }) => event.output } },
            // Spec §8: the item is removed locally anyway.
            onError: {
              target: 'idle',
              actions: assign(({ context }) => ({
                cart: withoutItem(context.cart, context.pendingItemId ?? 0),
                pendingItemId: null,
              })),
            },
          },
        },
        checkingOut: {
          tags: ['busy'],
          invoke: {
            src: 'placeOrder',
            // The cart id is the key: a retried checkout of this cart is the same checkout.
            input: ({ context }) => ({
              cartId: context.cart.id,
              idempotencyKey: `checkout-${context.cart.id}`,
            }),
            onDone: {
              target: 'creating',
              actions: assign(({ context, event }) => ({
                lastOrder: event.output,
                // The checked-out cart is closed: until the new one exists, an empty local cart.
                cart: emptyLocalCart(context.storeId, context.cart.currency),
                isOpen: false,
                notice: { severity: 'success' as const, text: ORDER_PLACED_MESSAGE },
              })),
            },
            onError: { target: 'idle', actions: { type: 'showError', params: ORDER_FAILED_MESSAGE } },
          },
        },
      },
    },
  },
});

export type CartSnapshot = SnapshotFrom<typeof cartMachine>;

export const selectProducts = (snapshot: CartSnapshot) => snapshot.context.products;
export const selectCategoryFilter = (snapshot: CartSnapshot) => snapshot.context.categoryId;
export const selectProductsError = (snapshot: CartSnapshot) => snapshot.context.productsError;
export const selectProductsLoading = (snapshot: CartSnapshot) => snapshot.hasTag('loadingProducts');
export const selectCart = (snapshot: CartSnapshot) => snapshot.context.cart;
export const selectCartCount = (snapshot: CartSnapshot) => cartCount(snapshot.context.cart);
export const selectCartError = (snapshot: CartSnapshot) => snapshot.context.cartError;
export const selectCartOpen = (snapshot: CartSnapshot) => snapshot.context.isOpen;
export const selectCartNotice = (snapshot: CartSnapshot) => snapshot.context.notice;
export const selectCartBusy = (snapshot: CartSnapshot) => snapshot.hasTag('busy');
export const selectCanCheckout = (snapshot: CartSnapshot) =>
  snapshot.matches({ basket: 'idle' }) && snapshot.context.cart.items.length > 0;
