import type { DeliveryMethod } from './storeShapes.ts';

/**
 * What a manual order's buyer is told about paying when the owner wrote nothing of their own: it depends on how
 * the order reaches them. A pickup is paid at the counter; a shipped order is paid first (the owner can mark it
 * shipped only once it is paid: allowedOrderActions), so "pay on delivery" would promise what the shop does not do.
 */
export const DEFAULT_PAYMENT_WORDS: Record<DeliveryMethod, string> = {
  pickup: 'Pay when you collect your order.',
  shipping: 'The shop will contact you about payment. Your order ships once it is paid.',
};

/** The one default stores saved before the words depended on delivery: read as "the owner wrote none". */
const FORMER_DEFAULT = 'Pay when you collect your order.';

/** The owner's own payment instructions: '' when they wrote none (or kept the former default). */
export const ownPaymentWords = (instructions: string): string => {
  const own = instructions.trim();
  return own === FORMER_DEFAULT ? '' : own;
};

/** The payment words a manual order shows its buyer: the owner's own, else the default for its delivery. */
export const manualPaymentWords = (instructions: string, delivery: DeliveryMethod): string =>
  ownPaymentWords(instructions) || DEFAULT_PAYMENT_WORDS[delivery];

/** The Settings tab's hint under "Payment instructions": what buyers read while the field is empty. */
export const PAYMENT_WORDS_HINT = `Shown to buyers who pay manually. Leave empty for “${DEFAULT_PAYMENT_WORDS.pickup}” on pickup orders and “${DEFAULT_PAYMENT_WORDS.shipping}” on shipped ones.`;
