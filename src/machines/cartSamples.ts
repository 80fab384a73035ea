import type { Product } from '../services/storeTypes.ts';

/** Shown when the catalogue cannot be loaded (spec §8: three sample products); they cannot be bought. */
export const SAMPLE_PRODUCTS: readonly Product[] = [1, 2, 3].map((n) => ({
  id: -n,
  storeId: '',
  name: `Sample Product ${n}`,
  code: `SAMPLE-${n}`,
  price: 99.99,
  currency: 'USD',
  description: 'A sample product, shown while the catalogue is unavailable.',
  imageUrl: '',
  inventoryQuantity: 10,
  isActive: true,
  rating: 5,
  originalPrice: 129.99,
  categoryId: null,
}));
