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
  originalPriceNegative: 'The original price must be 0 or more, or leave it empty',
  originalPriceTooHigh: 'The original price must be at most 10,000,000',
  stockRequired: 'Enter the stock: how many you have, 0 or more',
  stockWhole: 'Stock must be a whole number, e.g. 3',
  stockNegative: 'Stock must be 0 or more',
  // The model has no "no rating": a product always holds one (spec §9: 5 unless the owner says otherwise).
  rating: 'Enter a rating from 0 to 5',
  // Shoppers see an original price struck through beside the price: at or below it, that is no discount.
  originalPriceNotAbove:
    'Enter an original price above the price, or leave it empty: it shows as the price before a discount',
  priceTooHigh: 'The price must be at most 10,000,000',
  stockTooHigh: 'Stock must be at most 1,000,000',
  // Stars in tenths, as the database keeps them: a second decimal would be rounded away (4.55 → 4.6).
  ratingDecimals: 'Enter the rating with at most 1 decimal, e.g. 4.5',
} as const;

/** The largest price and stock a product may have (the routes' and the dialog's). */
export const PRODUCT_LIMITS = { price: 10_000_000, stock: 1_000_000 } as const;

/**
 * The product's fields as the dialog labels them: the routes' schema messages name a field by these words,
 * never by its code name (`inventoryQuantity` is "Stock").
 */
export const PRODUCT_FIELD_LABELS = {
  name: 'Name',
  code: 'Code',
  price: 'Price',
  currency: 'Currency',
  description: 'Description',
  imageUrl: 'Image',
  inventoryQuantity: 'Stock',
  isActive: 'Active',
  rating: 'Rating',
  originalPrice: 'Original Price',
  categoryId: 'Category',
} as const satisfies Record<keyof ProductInput, string>;

/** The product's numbers as the dialog holds them while the owner types: text, so nothing typed is rewritten. */
export type ProductNumbersDraft = { price: string; originalPrice: string; stock: string; rating: string };
export type ProductNumberField = keyof ProductNumbersDraft;
/** One message per field that needs the owner (absent: the field is fine). */
export type ProductErrors = Partial<Record<ProductNumberField, string>>;

/** The number typed, or null when nothing is (NaN when the text is not a number). */
const typed = (text: string): number | null => (text.trim() === '' ? null : Number(text));

/** A product's numbers, each left out when there is nothing to check (not sent, or already refused). */
type ProductNumbers = {
  price?: number;
  originalPrice?: number | null;
  inventoryQuantity?: number;
  rating?: number;
};

function numberProblems({ price, originalPrice, inventoryQuantity, rating }: ProductNumbers): ProductErrors {
  const errors: ProductErrors = {};
  // Each amount's messages name it: a negative original price was told "The price must be 0 or more".
  const amountProblem = (
    amount: number,
    [negative, tooHigh, decimals]: readonly string[],
  ): string | undefined => {
    if (!(amount >= 0)) return negative;
    if (amount > PRODUCT_LIMITS.price) return tooHigh;
    return hasAtMostDecimals(amount, 2) ? undefined : decimals;
  };
  const { priceNegative, priceTooHigh, priceDecimals } = PRODUCT_MESSAGES;
  const priceProblem =
    price === undefined ? undefined : amountProblem(price, [priceNegative, priceTooHigh, priceDecimals]);
  if (priceProblem) errors.price = priceProblem;
  if (originalPrice !== undefined && originalPrice !== null) {
    const { originalPriceNegative, originalPriceTooHigh, originalPriceDecimals } = PRODUCT_MESSAGES;
    const problem = amountProblem(originalPrice, [
      originalPriceNegative,
      originalPriceTooHigh,
      originalPriceDecimals,
    ]);
    if (problem) errors.originalPrice = problem;
    else if (price !== undefined && !priceProblem && originalPrice <= price) {
      errors.originalPrice = PRODUCT_MESSAGES.originalPriceNotAbove;
    }
  }
  if (inventoryQuantity !== undefined) {
    if (!Number.isInteger(inventoryQuantity)) errors.stock = PRODUCT_MESSAGES.stockWhole;
    else if (inventoryQuantity < 0) errors.stock = PRODUCT_MESSAGES.stockNegative;
    else if (inventoryQuantity > PRODUCT_LIMITS.stock) errors.stock = PRODUCT_MESSAGES.stockTooHigh;
  }
  if (rating !== undefined) {
    if (!(rating >= 0 && rating <= 5)) errors.rating = PRODUCT_MESSAGES.rating;
    else if (!hasAtMostDecimals(rating, 1)) errors.rating = PRODUCT_MESSAGES.ratingDecimals;
  }
  return errors;
}

/**
 * What a product's numbers must be (the routes' 400 and the dialog's messages), by field: the product routes'
 * schema says only that they are numbers, so every refusal of one is in the owner's words.
 */
export function validateProduct(
  input: Pick<ProductInput, 'price' | 'originalPrice' | 'inventoryQuantity' | 'rating'>,
): ProductErrors {
  return numberProblems(input);
}

/** What each typed number of a product needs, in the owner's words. */
export function validateProductNumbers(draft: ProductNumbersDraft): ProductErrors {
  const errors: ProductErrors = {};
  const price = typed(draft.price);
  if (price === null) errors.price = PRODUCT_MESSAGES.priceRequired;
  else if (Number.isNaN(price)) errors.price = PRODUCT_MESSAGES.priceNegative;
  const originalPrice = typed(draft.originalPrice);
  if (Number.isNaN(originalPrice)) errors.originalPrice = PRODUCT_MESSAGES.originalPriceNegative;
  const stock = typed(draft.stock);
  if (stock === null) errors.stock = PRODUCT_MESSAGES.stockRequired;
  else if (Number.isNaN(stock)) errors.stock = PRODUCT_MESSAGES.stockWhole;
  const rating = typed(draft.rating);
  if (rating === null || Number.isNaN(rating)) errors.rating = PRODUCT_MESSAGES.rating;
  // Past what only typing can get wrong, the rules the server applies.
  const checked = numberProblems({
    price: errors.price ? undefined : (price as number),
    originalPrice: errors.originalPrice ? undefined : originalPrice,
    inventoryQuantity: errors.stock ? undefined : (stock as number),
    rating: errors.rating ? undefined : (rating as number),
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
