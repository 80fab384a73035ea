import type { Store } from '../../src/contracts/store.ts';

/** The owner's one store in the store views' tests. */
export const bakery: Store = {
  storeId: 'bakery',
  storeName: 'Bakery',
  currency: 'USD',
  createdAt: '2026-01-01T00:00:00Z',
};
