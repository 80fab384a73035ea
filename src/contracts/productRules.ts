import { hasAtMostDecimals } from './store.ts';
import type { ProductInput } from './storeApi.ts';

/**
 * What a product's numbers must be (spec builder-store-crm §3, §5, §9): one home for the rules the owner's
 * Product dialog shows under its fields and the product routes answer with a 400.
 */

export const PRODUCT_MESSAGES = {
  priceRequired: 'Enter a price',
  priceNegative: 'The price must be 0 or more',
  // Prices are kept in cents, as the store settings' amounts are: a third decimal would be rounded away.
  priceDecimals: 'Enter the price with at most 2 decimals (cents), e.g. 6.55',
  originalPriceDecimals: 'Enter the original price with at most 2 decimals (cents), e.g. 8.99',
  stockRequired: 'Enter the stock: how many you have, 0 or more',
  stockWhole: 'Stock must be a whole number, e.g. 3',
  stockNegative: 'Stock must be 0 or more',
  // The model has no "no rating": a product always holds one (spec §9: 5 unless the owner says otherwise).
  rating: 'Enter a rating from 0 to 5',
  // Shoppers see an original price struck through beside the price: at or below it, that is no discount.
  originalPriceNotAbove:
    'Enter an original price above the price, or leave it empty: it shows as the price before a discount',
} as const;

/** The product's numbers as the dialog holds them while the owner types: text, so nothing typed is rewritten. */
export type ProductNumbersDraft = { price: string; originalPrice: string; stock: string; rating: string };
export type ProductNumberField = keyof ProductNumbersDraft;
/** One message per field that needs the owner (absent: the field is fine). */
export type ProductErrors = Partial<Record<ProductNumberField, string>>;

/** The number typed, or null when nothing is (NaN when the text is not a number). */
const typed = (text: string): number | null => (text.trim() === '' ? null : Number(text));

/**
 * What a product's numbers need beyond their schema (the routes' 400 and the dialog's messages), by field.
 */
export function validateProduct(input: Pick<ProductInput, 'price' | 'originalPrice'>): ProductErrors {
  const errors: ProductErrors = {};
  if (!hasAtMostDecimals(input.price, 2)) errors.price = PRODUCT_MESSAGES.priceDecimals;
  const original = input.originalPrice ?? null;
  if (original !== null && !hasAtMostDecimals(original, 2)) {
    errors.originalPrice = PRODUCT_MESSAGES.originalPriceDecimals;
  } else if (original !== null && !errors.price && original <= input.price) {
    errors.originalPrice = PRODUCT_MESSAGES.originalPriceNotAbove;
  }
  return errors;
}

/** What each typed number of a product needs, in the owner's words. */
export function validateProductNumbers(draft: ProductNumbersDraft): ProductErrors {
  const errors: ProductErrors = {};
  const price = typed(draft.price);
  if (price === null) errors.price = PRODUCT_MESSAGES.priceRequired;
  else if (!(price >= 0)) errors.price = PRODUCT_MESSAGES.priceNegative;
  const originalPrice = typed(draft.originalPrice);
  if (originalPrice !== null && !(originalPrice >= 0)) errors.originalPrice = PRODUCT_MESSAGES.priceNegative;
  const stock = typed(draft.stock);
  if (stock === null) errors.stock = PRODUCT_MESSAGES.stockRequired;
  else if (!Number.isInteger(stock)) errors.stock = PRODUCT_MESSAGES.stockWhole;
  else if (stock < 0) errors.stock = PRODUCT_MESSAGES.stockNegative;
  const rating = typed(draft.rating);
  if (rating === null || !(rating >= 0 && rating <= 5)) errors.rating = PRODUCT_MESSAGES.rating;
  if (errors.price) return errors;
  // Past its own checks the price is a number: the rules the server applies come next.
  const checked = validateProduct({
    price: price as number,
    originalPrice: errors.originalPrice ? null : originalPrice,
  });
  return { ...checked, ...errors };
}

/** The numbers a draft sends (call after `validateProductNumbers` found nothing). */
export const productNumbersOf = (draft: ProductNumbersDraft) => ({
  price: Number(draft.price),
  originalPrice: typed(draft.originalPrice),
  inventoryQuantity: Number(draft.stock),
  rating: Number(draft.rating),
});
