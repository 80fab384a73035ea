import { createMachine } from 'xstate';

// Effect-free model of the cart region (spec §4, §8): the cart is loaded (when an id is given) or created;
// a failed load says 'Failed to load cart' and creates a fresh one; a failed creation leaves an empty local
// cart; answers replace the cart; a quantity ≤ 0 removes; a failed removal removes locally; checkout places
// the order, then a new cart starts and the sidebar closes. Ignored events are self-loops.
export const basketModel = createMachine({
  id: 'basketModel',
  initial: 'init',
  states: {
    init: { on: { 'start.fresh': 'creating', 'start.saved': 'loadingCart' } },
    loadingCart: { on: { 'call.succeed': 'filled', 'call.fail': 'creating' } },
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
        'cart.checkout': 'checkingOut',
        'cart.open': 'filled',
        'cart.close': 'filled',
      },
    },
    addingMore: { on: { 'call.succeed': 'filled', 'call.fail': 'filled' } },
    updating: { on: { 'call.succeed': 'filled', 'call.fail': 'filled' } },
    removing: { on: { 'call.succeed': 'empty', 'call.fail': 'empty', 'cart.remove': 'removing' } },
    checkingOut: { on: { 'call.succeed': 'creating', 'call.fail': 'filled', 'cart.add': 'checkingOut' } },
  },
});

// The catalogue region: products load; a failure shows 'Failed to load products' with three sample
// products that cannot be added, and Retry loads again.
export const catalogueModel = createMachine({
  id: 'catalogueModel',
  initial: 'init',
  states: {
    init: { on: { load: 'loading' } },
    loading: { on: { 'call.succeed': 'ready', 'call.fail': 'failed', 'cart.filter': 'loading' } },
    ready: { on: { 'cart.retry': 'loading', 'cart.filter': 'loading' } },
    failed: { on: { 'cart.retry': 'loading', 'cart.addSample': 'failed', 'cart.filter': 'loading' } },
  },
});
