import { assign, raise, type SnapshotFrom, setup } from 'xstate';
import {
  CART_FAILED_MESSAGE,
  type Cart,
  CHECKOUT_MESSAGES,
  type CheckoutDraft,
  type CheckoutErrors,
  type CheckoutField,
  type CheckoutInput,
  type CheckoutOptions,
  cartCount,
  checkoutInputOf,
  computeTotals,
  EMPTY_CHECKOUT_DRAFT,
  emptyLocalCart,
  MAX_PAGE_SIZE,
  MORE_PRODUCTS_FAILED_MESSAGE,
  ORDER_FAILED_MESSAGE,
  ORDER_PLACED_MESSAGE,
  type PlacedOrderResponse,
  PRODUCT_PAGE_SIZE,
  PRODUCTS_FAILED_MESSAGE,
  type Product,
  type ProductPage,
  SAMPLE_PRODUCTS,
  validateCheckout,
  withoutItem,
} from '../../contracts/store.ts';
import { notProvided } from '../app/notProvided.ts';

// The messages and samples live in contracts (the published grid shows them too); re-exported for the views.
export {
  CART_FAILED_MESSAGE,
  MORE_PRODUCTS_FAILED_MESSAGE,
  ORDER_FAILED_MESSAGE,
  ORDER_PLACED_MESSAGE,
  PRODUCTS_FAILED_MESSAGE,
  SAMPLE_PRODUCTS,
} from '../../contracts/store.ts';

export type CartInput = { storeId: string; customerId: string; cartId?: string | null };

export type CartEvent =
  | { type: 'cart.retry' }
  /** Shows only one category's products (null: all of them). */
  | { type: 'cart.filter'; categoryId: number | null }
  /** 'Load more': the catalogue's next page is added under the products shown. */
  | { type: 'cart.more' }
  /** Internal: the products are read again (their prices changed under a checkout). */
  | { type: 'catalogue.reload' }
  | { type: 'cart.add'; productId: number; quantity: number }
  | { type: 'cart.setQuantity'; itemId: number; quantity: number }
  | { type: 'cart.remove'; itemId: number }
  /** Opens the checkout form (the cart must have items). */
  | { type: 'cart.checkout' }
  /** The buyer typed or chose something in the checkout form. */
  | { type: 'checkout.update'; fields: Partial<CheckoutDraft> }
  /** 'Place order' (also the retry after a failure). */
  | { type: 'checkout.submit' }
  /** Back to the cart (what was typed is kept). */
  | { type: 'checkout.back' }
  /** Loads the store's checkout choices again after they failed. */
  | { type: 'checkout.retry' }
  /** 'Continue shopping' after the confirmation. */
  | { type: 'checkout.done' }
  | { type: 'cart.open' }
  | { type: 'cart.close' }
  | { type: 'cart.toggle' }
  | { type: 'cart.dismiss' };

export type CartNotice = {
  severity: 'success' | 'error';
  text: string;
  /** The cart line the message is about (a refused quantity change), shown beside that line. */
  itemId?: number;
};

export type CartContext = {
  storeId: string;
  customerId: string;
  /** The cart id given at start (loaded instead of creating one). */
  initialCartId: string | null;
  /** The category the catalogue is filtered by (null: all products). */
  categoryId: number | null;
  products: readonly Product[];
  totalCount: number;
  /** How many products a (re)load asks for: one page, or as many as 'Load more' has shown (up to the API's limit). */
  wanted: number;
  /** Why the last 'Load more' failed (the products shown stay). */
  moreError: string | null;
  productsError: string | null;
  /** The failed catalogue load's HTTP status (404: the store does not exist; 0: no answer). */
  productsErrorStatus: number | null;
  cart: Cart;
  cartError: string | null;
  isOpen: boolean;
  notice: CartNotice | null;
  /** The order just placed (the confirmation, or the card order whose payment page opens). */
  lastOrder: PlacedOrderResponse | null;
  /** What the buyer typed in the checkout form: kept through back, failures and reopening. */
  draft: CheckoutDraft;
  /** Inline messages of the fields that need the buyer. */
  fieldErrors: CheckoutErrors;
  /** The store's delivery and payment choices (loaded when the checkout first opens). */
  checkoutOptions: CheckoutOptions | null;
  /** Why the order (or the checkout's choices) could not be had: shown above 'Place order'. */
  checkoutError: string | null;
  /** The order request being placed and its Idempotency-Key: a retry of the same request keeps the key. */
  attempt: { input: CheckoutInput; signature: string; key: string; serial: number } | null;
  /** The item a running removal or quantity change is about (for the local-removal fallback). */
  pendingItemId: number | null;
};

type CartIds = { cartId: string };
export type PlaceOrderInput = { input: CheckoutInput; idempotencyKey: string };
export type LoadProductsInput = { storeId: string; skip: number; take: number; categoryId: number | null };
export type AddItemInput = {
  storeId: string;
  customerId: string;
  cartId: string;
  productId: number;
  quantity: number;
};

const errorText = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

/** Shown when the store's checkout choices cannot be loaded. */
export const CHECKOUT_OPTIONS_FAILED_MESSAGE = 'Checkout could not be loaded. Please try again.';

/** A refused order (4xx) says why in the server's words; a network or server failure gets the spec's message. */
export function orderErrorText(error: unknown): string {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' &&
    status >= 400 &&
    status < 500 &&
    error instanceof Error &&
    error.message
    ? error.message
    : ORDER_FAILED_MESSAGE;
}

/** The draft made to fit the store: a delivery or payment method the store does not offer becomes one it does. */
function fitDraft(draft: CheckoutDraft, options: CheckoutOptions): CheckoutDraft {
  const deliveries = [
    ...(options.pickupEnabled ? (['pickup'] as const) : []),
    ...(options.shippingEnabled ? (['shipping'] as const) : []),
  ];
  const deliveryMethod = deliveries.includes(draft.deliveryMethod)
    ? draft.deliveryMethod
    : (deliveries[0] ?? draft.deliveryMethod);
  const paymentMethod = options.paymentMethods.includes(draft.paymentMethod)
    ? draft.paymentMethod
    : (options.paymentMethods[0] ?? draft.paymentMethod);
  return { ...draft, deliveryMethod, paymentMethod };
}

/** The checkout's refusals of a choice the form offered when it opened (the owner has withdrawn it since). */
const CHOICES_WITHDRAWN: readonly string[] = [
  CHECKOUT_MESSAGES.deliveryUnavailable,
  CHECKOUT_MESSAGES.paymentUnavailable,
];

/** What makes two order requests the same attempt: the request and the cart's lines. */
const signatureOf = (input: CheckoutInput, cart: Cart) => JSON.stringify([input, cart.items]);

/** The checkout's request from the context. */
const inputOf = (context: CartContext) => checkoutInputOf(context.cart.id, context.draft);

/** The totals the buyer is shown with the chosen delivery (the server's own rule), once the store's choices are read. */
const totalsOf = ({ cart, draft, checkoutOptions }: CartContext) =>
  checkoutOptions ? computeTotals(cart.total, draft.deliveryMethod, checkoutOptions) : null;

/** The order as placed: the request, and the total the buyer was shown (the server refuses another one, 409). */
function orderOf(context: CartContext): CheckoutInput {
  const totals = totalsOf(context);
  return totals ? { ...inputOf(context), expectedTotal: totals.total } : inputOf(context);
}

// A new filter (re)loads the products, also while a load is running: the older answer is dropped with its actor.
// Each goes from a catalogue state to the catalogue's `loading`, never from the catalogue itself: a re-entering
// transition of a region of this parallel machine would exit the other region too (the basket would start again
// and, with no stored cart, create an empty one).
const RELOAD_CATALOGUE = {
  'cart.filter': {
    target: '#cart.catalogue.loading',
    reenter: true,
    actions: 'chooseCategory',
  },
  'catalogue.reload': { target: '#cart.catalogue.loading', reenter: true },
} as const;

// Leaving the form (the cart again, or adding another product) keeps what was typed.
const LEAVE_CHECKOUT = {
  'checkout.back': { target: '#cart.basket.idle', actions: 'clearCheckoutError' },
  'cart.add': { guard: 'isSellable', target: '#cart.basket.adding', actions: 'clearCheckoutError' },
} as const;
const EDIT_CHECKOUT = {
  'checkout.update': { actions: 'updateDraft' },
  'checkout.submit': [
    { guard: 'checkoutValid', target: 'placing', actions: 'startAttempt' },
    { actions: 'showFieldErrors' },
  ],
} as const;

/**
 * One storefront's catalogue and cart (systemId `cart`). Two regions: the catalogue loads (falling back
 * to three sample products with 'Failed to load products' and a Retry; 'Load more' adds the next page), while the
 * cart is loaded or
 * created (falling back to an empty local cart). Every add, change or removal answer replaces the cart;
 * a quantity ≤ 0 removes; a failed removal removes locally anyway. Checkout opens the form (the store's
 * delivery and payment choices load once): fields are checked by `validateCheckout`, 'Place order' places
 * it with an Idempotency-Key kept across retries of the same request, then 'confirmed' (a new cart starts)
 * or, for a card order, 'redirecting' to the payment page (either way the catalogue is read again: the order
 * took stock); a failure keeps everything typed for a retry. A refused quantity change says why beside its line.
 */
export const cartMachine = setup({
  types: { context: {} as CartContext, events: {} as CartEvent, input: {} as CartInput },
  actors: {
    /** GET /api/ecommerce/products?storeId&skip&take (a page from `skip`; the first: skip=0, take=20). */
    loadProducts: notProvided<ProductPage, LoadProductsInput>('loadProducts'),
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
    /** GET /api/ecommerce/stores/{storeId}/checkout. */
    loadCheckoutOptions: notProvided<CheckoutOptions, { storeId: string }>('loadCheckoutOptions'),
    /** POST /api/ecommerce/orders with the CheckoutInput and an Idempotency-Key. */
    placeOrder: notProvided<PlacedOrderResponse, PlaceOrderInput>('placeOrder'),
    /** Sends the visitor to the card payment page (an effect: the page leaves). */
    redirectToPayment: notProvided<void, { url: string }>('redirectToPayment'),
  },
  actions: {
    replaceCart: assign((_, cart: Cart) => ({ cart, notice: null, pendingItemId: null })),
    /** Keeps what was typed; a field that had a message is checked again (its message goes once fixed). */
    updateDraft: assign(({ context, event }) => {
      if (event.type !== 'checkout.update') return {};
      const draft = { ...context.draft, ...event.fields };
      const fresh = validateCheckout(checkoutInputOf(context.cart.id, draft), context.checkoutOptions);
      const fieldErrors: CheckoutErrors = {};
      for (const [field, message] of Object.entries(context.fieldErrors) as Array<[CheckoutField, string]>) {
        fieldErrors[field] = field in event.fields ? fresh[field] : message;
        if (fieldErrors[field] === undefined) delete fieldErrors[field];
      }
      return { draft, fieldErrors };
    }),
    showFieldErrors: assign(({ context }) => ({
      fieldErrors: validateCheckout(inputOf(context), context.checkoutOptions),
    })),
    /** The same request keeps its key (a retry); a changed one is a new attempt with a new key. */
    startAttempt: assign(({ context }) => {
      const input = orderOf(context);
      const signature = signatureOf(input, context.cart);
      if (context.attempt?.signature === signature) {
        return { fieldErrors: {}, checkoutError: null };
      }
      const serial = (context.attempt?.serial ?? 0) + 1;
      return {
        fieldErrors: {},
        checkoutError: null,
        attempt: { input, signature, key: `checkout-${context.cart.id}-${serial}`, serial },
      };
    }),
    /** The order is placed: the checked-out cart is closed, a new one starts, the typed buyer stays for next time. */
    orderPlaced: assign(({ context }, order: PlacedOrderResponse) => ({
      lastOrder: order,
      cart: emptyLocalCart(context.storeId, context.cart.currency),
      attempt: null,
      draft: { ...context.draft, note: '' },
    })),
    showError: assign((_, text: string) => ({ notice: { severity: 'error' as const, text } })),
    /** A refused quantity change: its message belongs to the line it was about; the line keeps its quantity. */
    showLineError: assign(({ context }, text: string) => ({
      notice:
        context.pendingItemId === null
          ? { severity: 'error' as const, text }
          : { severity: 'error' as const, text, itemId: context.pendingItemId },
      pendingItemId: null,
    })),
    /** The product cards show what the store now has (prices, or the stock an order just took). */
    reloadCatalogue: raise({ type: 'catalogue.reload' }),
    /** The store's choices as read, and the draft made to fit them (a choice no longer offered is replaced). */
    takeCheckoutOptions: assign(({ context }, options: CheckoutOptions) => ({
      checkoutOptions: options,
      draft: fitDraft(context.draft, options),
    })),
    clearCheckoutError: assign({ checkoutError: null }),
    /** Another category starts again at its first page. */
    chooseCategory: assign(({ event }) =>
      event.type === 'cart.filter'
        ? { categoryId: event.categoryId, wanted: PRODUCT_PAGE_SIZE, moreError: null }
        : {},
    ),
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
    hasMoreProducts: ({ context }) =>
      context.productsError === null && context.products.length < context.totalCount,
    hasCheckoutOptions: ({ context }) => context.checkoutOptions !== null,
    checkoutValid: ({ context }) =>
      Object.keys(validateCheckout(inputOf(context), context.checkoutOptions)).length === 0,
    /** The store or the cart changed under the checkout: a 409, or a delivery or payment choice no longer offered. */
    storeChanged: ({ event }) => {
      const error = ('error' in event ? event.error : null) as { status?: unknown; message?: unknown } | null;
      return (
        error?.status === 409 || (error?.status === 400 && CHOICES_WITHDRAWN.includes(String(error.message)))
      );
    },
    isCardOrder: ({ event }) =>
      'output' in event && (event.output as PlacedOrderResponse | undefined)?.checkoutUrl != null,
    /** A stored cart that was checked out already (e.g. back from the payment page): a new one starts. */
    isCheckedOut: ({ event }) => 'output' in event && (event.output as Cart | undefined)?.orderId != null,
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
    wanted: PRODUCT_PAGE_SIZE,
    moreError: null,
    productsError: null,
    productsErrorStatus: null,
    cart: emptyLocalCart(input.storeId),
    cartError: null,
    isOpen: false,
    notice: null,
    lastOrder: null,
    draft: EMPTY_CHECKOUT_DRAFT,
    fieldErrors: {},
    checkoutOptions: null,
    checkoutError: null,
    attempt: null,
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
          on: RELOAD_CATALOGUE,
          invoke: {
            src: 'loadProducts',
            // A reload (an order took stock) keeps as many products as 'Load more' had shown.
            input: ({ context }) => ({
              storeId: context.storeId,
              skip: 0,
              take: context.wanted,
              categoryId: context.categoryId,
            }),
            onDone: {
              target: 'ready',
              actions: assign(({ event }) => ({
                products: event.output.results,
                totalCount: event.output.totalCount,
                moreError: null,
                productsError: null,
                productsErrorStatus: null,
              })),
            },
            onError: {
              target: 'failed',
              actions: assign(({ event }) => {
                const status = (event.error as { status?: unknown } | null)?.status;
                return {
                  products: SAMPLE_PRODUCTS,
                  totalCount: SAMPLE_PRODUCTS.length,
                  productsError: PRODUCTS_FAILED_MESSAGE,
                  productsErrorStatus: typeof status === 'number' ? status : 0,
                };
              }),
            },
          },
        },
        ready: {
          on: {
            'cart.retry': 'loading',
            'cart.more': {
              guard: 'hasMoreProducts',
              target: 'loadingMore',
              actions: assign({ moreError: null }),
            },
            ...RELOAD_CATALOGUE,
          },
        },
        // The next page, from where the shown products end; a filter or a reload meanwhile replaces it.
        loadingMore: {
          tags: ['loadingMoreProducts'],
          on: RELOAD_CATALOGUE,
          invoke: {
            src: 'loadProducts',
            input: ({ context }) => ({
              storeId: context.storeId,
              skip: context.products.length,
              take: PRODUCT_PAGE_SIZE,
              categoryId: context.categoryId,
            }),
            onDone: {
              target: 'ready',
              actions: assign(({ context, event }) => {
                // A product added meanwhile shifts the pages: one already shown is not shown twice.
                const shown = new Set(context.products.map((product) => product.id));
                const products = [
                  ...context.products,
                  ...event.output.results.filter((product) => !shown.has(product.id)),
                ];
                return {
                  products,
                  totalCount: event.output.totalCount,
                  wanted: Math.min(MAX_PAGE_SIZE, Math.max(PRODUCT_PAGE_SIZE, products.length)),
                };
              }),
            },
            onError: { target: 'ready', actions: assign({ moreError: MORE_PRODUCTS_FAILED_MESSAGE }) },
          },
        },
        failed: { on: { 'cart.retry': 'loading', ...RELOAD_CATALOGUE } },
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
            onDone: [
              { guard: 'isCheckedOut', target: 'creating' },
              { target: 'idle', actions: { type: 'replaceCart', params: ({ event }) => event.output } },
            ],
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
            'cart.checkout': {
              guard: 'hasItems',
              target: 'checkout',
              actions: assign({ isOpen: true, notice: null }),
            },
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
              actions: { type: 'showLineError', params: ({ event }) => errorText(event.error, 'API Error') },
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
        checkout: {
          initial: 'entering',
          states: {
            entering: {
              always: [{ guard: 'hasCheckoutOptions', target: 'details' }, { target: 'loadingOptions' }],
            },
            loadingOptions: {
              tags: ['checkoutLoading'],
              invoke: {
                src: 'loadCheckoutOptions',
                input: ({ context }) => ({ storeId: context.storeId }),
                onDone: {
                  target: 'details',
                  actions: [
                    { type: 'takeCheckoutOptions', params: ({ event }) => event.output },
                    'clearCheckoutError',
                  ],
                },
                onError: {
                  target: 'optionsFailed',
                  actions: assign({ checkoutError: CHECKOUT_OPTIONS_FAILED_MESSAGE }),
                },
              },
              on: LEAVE_CHECKOUT,
            },
            optionsFailed: {
              on: {
                ...LEAVE_CHECKOUT,
                'checkout.retry': { target: 'loadingOptions', actions: assign({ checkoutError: null }) },
              },
            },
            details: { on: { ...LEAVE_CHECKOUT, ...EDIT_CHECKOUT } },
            placing: {
              tags: ['busy'],
              invoke: {
                src: 'placeOrder',
                input: ({ context }) => ({
                  input: context.attempt?.input ?? orderOf(context),
                  idempotencyKey: context.attempt?.key ?? `checkout-${context.cart.id}-0`,
                }),
                onDone: [
                  // The order took stock: the product cards are read again, so they offer what is left.
                  {
                    guard: 'isCardOrder',
                    target: 'redirecting',
                    actions: [
                      { type: 'orderPlaced', params: ({ event }) => event.output },
                      'reloadCatalogue',
                    ],
                  },
                  {
                    target: '#cart.basket.confirmed',
                    actions: [
                      { type: 'orderPlaced', params: ({ event }) => event.output },
                      assign({ notice: { severity: 'success' as const, text: ORDER_PLACED_MESSAGE } }),
                      'reloadCatalogue',
                    ],
                  },
                ],
                onError: [
                  // The cart or the store changed under the buyer (a price, the stock, shipping or tax, a delivery or
                  // payment choice withdrawn): what the form shows is read again, so the next try is checked
                  // against what they now see.
                  {
                    guard: 'storeChanged',
                    target: 'refreshingCart',
                    actions: [
                      assign(({ event }) => ({ checkoutError: orderErrorText(event.error) })),
                      // The product cards show the prices the cart now has.
                      'reloadCatalogue',
                    ],
                  },
                  {
                    target: 'failed',
                    actions: assign(({ event }) => ({ checkoutError: orderErrorText(event.error) })),
                  },
                ],
              },
            },
            refreshingCart: {
              tags: ['busy'],
              invoke: {
                src: 'loadCart',
                input: ({ context }) => ({ cartId: context.cart.id }),
                onDone: {
                  target: 'refreshingOptions',
                  actions: assign(({ event }) => ({ cart: event.output })),
                },
                onError: { target: 'failed' },
              },
            },
            refreshingOptions: {
              tags: ['busy'],
              invoke: {
                src: 'loadCheckoutOptions',
                input: ({ context }) => ({ storeId: context.storeId }),
                onDone: {
                  target: 'failed',
                  actions: { type: 'takeCheckoutOptions', params: ({ event }) => event.output },
                },
                onError: { target: 'failed' },
              },
            },
            failed: { on: { ...LEAVE_CHECKOUT, ...EDIT_CHECKOUT } },
            // The card payment page opens; its link stays on screen should the page not leave.
            redirecting: {
              invoke: {
                src: 'redirectToPayment',
                input: ({ context }) => ({ url: context.lastOrder?.checkoutUrl ?? '' }),
              },
            },
          },
        },
        // 'Order placed successfully!' with the order; meanwhile the next cart is created.
        confirmed: {
          invoke: {
            src: 'createCart',
            input: ({ context }) => ({ storeId: context.storeId, customerId: context.customerId }),
            onDone: { actions: assign(({ event }) => ({ cart: event.output })) },
            // Adding later creates the cart itself (the local cart has no id).
            onError: {},
          },
          on: {
            'checkout.done': { target: 'idle', actions: assign({ notice: null, isOpen: false }) },
            'cart.add': { guard: 'isSellable', target: 'adding', actions: assign({ notice: null }) },
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
/** How far the visitor has paged: the products shown, the catalogue's (or category's) total, whether more can load. */
export type ProductsPaging = {
  shown: number;
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  error: string | null;
};
export const selectProductsPaging = (snapshot: CartSnapshot): ProductsPaging => {
  const { products, totalCount, productsError, moreError } = snapshot.context;
  return {
    shown: products.length,
    total: totalCount,
    hasMore: productsError === null && products.length < totalCount,
    loadingMore: snapshot.hasTag('loadingMoreProducts'),
    error: moreError,
  };
};
export const selectCart = (snapshot: CartSnapshot) => snapshot.context.cart;
export const selectCartCount = (snapshot: CartSnapshot) => cartCount(snapshot.context.cart);
export const selectCartError = (snapshot: CartSnapshot) => snapshot.context.cartError;
export const selectCartOpen = (snapshot: CartSnapshot) => snapshot.context.isOpen;
export const selectCartNotice = (snapshot: CartSnapshot) => snapshot.context.notice;
export const selectCartBusy = (snapshot: CartSnapshot) => snapshot.hasTag('busy');
export const selectCanCheckout = (snapshot: CartSnapshot) =>
  snapshot.matches({ basket: 'idle' }) &&
  snapshot.context.cart.items.length > 0 &&
  snapshot.context.cart.items.every((item) => item.problem === undefined);

/** Where the checkout stands: 'cart' (no checkout open) or the step the drawer shows. */
export type CheckoutStep =
  | 'cart'
  | 'loading'
  | 'unavailable'
  | 'details'
  | 'placing'
  | 'redirecting'
  | 'confirmed';

export function selectCheckoutStep(snapshot: CartSnapshot): CheckoutStep {
  if (snapshot.matches({ basket: 'confirmed' })) return 'confirmed';
  if (snapshot.matches({ basket: { checkout: 'loadingOptions' } })) return 'loading';
  if (snapshot.matches({ basket: { checkout: 'optionsFailed' } })) return 'unavailable';
  if (snapshot.matches({ basket: { checkout: 'placing' } })) return 'placing';
  if (snapshot.matches({ basket: { checkout: 'redirecting' } })) return 'redirecting';
  if (snapshot.matches({ basket: 'checkout' })) return 'details';
  return 'cart';
}

export const selectCheckoutDraft = (snapshot: CartSnapshot) => snapshot.context.draft;
export const selectCheckoutErrors = (snapshot: CartSnapshot) => snapshot.context.fieldErrors;
export const selectCheckoutOptions = (snapshot: CartSnapshot) => snapshot.context.checkoutOptions;
export const selectCheckoutError = (snapshot: CartSnapshot) => snapshot.context.checkoutError;
export const selectLastOrder = (snapshot: CartSnapshot) => snapshot.context.lastOrder;

/** The totals the buyer will pay with the chosen delivery (the server's own rule, computeTotals). */
export const selectCheckoutTotals = (snapshot: CartSnapshot) => totalsOf(snapshot.context);
