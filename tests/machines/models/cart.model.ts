import { createMachine } from 'xstate';

// Effect-free model of the cart region (spec §4, §8): the cart is loaded (when an id is given) or created;
// a failed load says 'Failed to load cart' and creates a fresh one; a failed creation leaves an empty local
// cart; answers replace the cart; a quantity ≤ 0 removes; a failed removal removes locally; checkout opens the
// form, validates, places the order (then a new cart starts, and the catalogue is read again: the order took
// stock) or sends a card order to pay; a refused quantity change says why beside its line; a failure keeps
// what was typed for a retry with the same Idempotency-Key; a conflict reads the cart and the store's choices
// again (a retry then carries the new total, under a new key). Ignored events are self-loops.
export const basketModel = createMachine({
  id: 'basketModel',
  initial: 'init',
  states: {
    init: { on: { 'start.fresh': 'creating', 'start.saved': 'loadingCart' } },
    loadingCart: {
      on: { 'call.succeed': 'filled', 'call.fail': 'creating', 'call.succeedCheckedOut': 'creating' },
    },
    creating: {
      on: {
        'call.succeed': 'empty',
        'call.fail': 'empty',
        'cart.add': 'addingFirst',
        'cart.addSample': 'creating',
      },
    },
    empty: {
      on: {
        'cart.add': 'addingFirst',
        'cart.addSample': 'empty',
        'cart.checkout': 'empty',
        'cart.toggle': 'empty',
        'cart.dismiss': 'empty',
      },
    },
    addingFirst: { on: { 'call.succeed': 'filled', 'call.fail': 'empty', 'cart.checkout': 'addingFirst' } },
    filled: {
      on: {
        'cart.add': 'addingMore',
        'cart.setQuantity': 'updating',
        'cart.setZero': 'removing',
        'cart.remove': 'removing',
        'cart.checkout': 'loadingOptions',
        'cart.open': 'filled',
        'cart.close': 'filled',
      },
    },
    addingMore: { on: { 'call.succeed': 'filled', 'call.fail': 'filled' } },
    updating: { on: { 'call.succeed': 'filled', 'call.fail': 'filled' } },
    removing: { on: { 'call.succeed': 'empty', 'call.fail': 'empty', 'cart.remove': 'removing' } },
    // Checkout (issue 15): the store's choices load once; what was typed survives back, failures, reopening.
    loadingOptions: {
      on: {
        'call.succeed': 'details',
        'call.fail': 'optionsFailed',
        'checkout.back': 'filled',
        'cart.add': 'addingMore',
      },
    },
    optionsFailed: {
      on: { 'checkout.retry': 'loadingOptions', 'checkout.back': 'filled', 'cart.add': 'addingMore' },
    },
    // Options loaded, nothing typed yet.
    details: {
      on: {
        'checkout.submit': 'invalid',
        'checkout.fill': 'ready',
        'checkout.back': 'filledBlank',
        'cart.add': 'addingBlank',
      },
    },
    filledBlank: { on: { 'cart.checkout': 'details' } },
    addingBlank: { on: { 'call.succeed': 'filledBlank', 'call.fail': 'filledBlank' } },
    invalid: { on: { 'checkout.fill': 'ready', 'checkout.submit': 'invalid' } },
    // Options loaded, a valid buyer typed.
    ready: {
      on: { 'checkout.submit': 'placing', 'checkout.back': 'filledReady', 'cart.add': 'addingReady' },
    },
    filledReady: { on: { 'cart.checkout': 'ready' } },
    addingReady: { on: { 'call.succeed': 'filledReady', 'call.fail': 'filledReady' } },
    placing: {
      on: {
        'call.succeed': 'confirmed',
        'call.succeedCard': 'redirecting',
        'call.fail': 'failed',
        'call.conflict': 'refreshingCart',
        'cart.add': 'placing',
        'checkout.back': 'placing',
      },
    },
    // A 409 (the total the buyer saw changed, or the stock): the cart and the store's choices are read again.
    refreshingCart: { on: { 'call.succeed': 'refreshingOptions', 'call.fail': 'failed' } },
    refreshingOptions: { on: { 'call.succeed': 'failed', 'call.fail': 'failed' } },
    failed: {
      on: {
        'checkout.submit': 'placing',
        'checkout.fill': 'failed',
        'checkout.clear': 'failedInvalid',
        'checkout.back': 'filledReady',
        'cart.add': 'addingReady',
      },
    },
    failedInvalid: { on: { 'checkout.submit': 'failedInvalid', 'checkout.fill': 'failed' } },
    redirecting: { on: { 'cart.close': 'redirecting' } },
    confirmed: {
      on: {
        'call.succeed': 'confirmedCart',
        'call.fail': 'confirmedCart',
        'checkout.done': 'emptyReady',
        'cart.add': 'addingReady',
      },
    },
    confirmedCart: { on: { 'checkout.done': 'emptyReady' } },
    emptyReady: { on: { 'cart.add': 'addingReady' } },
  },
});

// The catalogue region: products load; a failure shows 'Failed to load products' with three sample
// products that cannot be added, and Retry loads again. A placed order reads the products again (the cards
// then offer the stock that is left), whether their last read succeeded or failed. The catalogue is two pages
// long: 'Load more' adds the second (then nothing more is offered); a failed one says so and keeps the first, and
// a filter or a placed order meanwhile reads the first page again.
export const catalogueModel = createMachine({
  id: 'catalogueModel',
  initial: 'init',
  states: {
    init: { on: { load: 'loading' } },
    loading: { on: { 'call.succeed': 'ready', 'call.fail': 'failed', 'cart.filter': 'loading' } },
    ready: {
      on: {
        'cart.retry': 'loading',
        'cart.filter': 'loading',
        'order.placed': 'loading',
        'cart.more': 'loadingMore',
      },
    },
    loadingMore: {
      on: {
        'call.succeed': 'allShown',
        'call.fail': 'moreFailed',
        'cart.filter': 'loading',
        'order.placed': 'loading',
      },
    },
    allShown: { on: { 'cart.more': 'allShown' } },
    moreFailed: { on: { 'cart.more': 'loadingMore' } },
    failed: {
      on: {
        'cart.retry': 'loading',
        'cart.addSample': 'failed',
        'cart.filter': 'loading',
        'order.placed': 'loading',
      },
    },
  },
});
