import { hasAtMostDecimals, type PaymentMethod, type StoreSettings } from '../../contracts/store.ts';

export const CARD_NEEDS_STRIPE = 'Card payments need Stripe keys on the server.';

/** The settings form as typed: numbers stay text until saved, so nothing typed is rewritten. */
export type Draft = {
  pickupEnabled: boolean;
  pickupInstructions: string;
  shippingEnabled: boolean;
  flatShippingRate: string;
  freeShippingThreshold: string;
  taxRate: string;
  taxInclusive: boolean;
  orderNoticeEmail: string;
  manual: boolean;
  manualPaymentInstructions: string;
  card: boolean;
};

/** The text fields of the form. */
export type TextKey =
  | 'pickupInstructions'
  | 'flatShippingRate'
  | 'freeShippingThreshold'
  | 'taxRate'
  | 'orderNoticeEmail'
  | 'manualPaymentInstructions';
/** Where an error can be shown: a text field, the delivery switches or the payment methods. */
export type ErrorKey = TextKey | 'delivery' | 'paymentMethods';

export const draftOf = (settings: StoreSettings): Draft => ({
  pickupEnabled: settings.pickupEnabled,
  pickupInstructions: settings.pickupInstructions,
  shippingEnabled: settings.shippingEnabled,
  flatShippingRate: String(settings.flatShippingRate),
  freeShippingThreshold:
    settings.freeShippingThreshold === null ? '' : String(settings.freeShippingThreshold),
  taxRate: String(settings.taxRate),
  taxInclusive: settings.taxInclusive,
  orderNoticeEmail: settings.orderNoticeEmail ?? '',
  manual: settings.paymentMethods.includes('manual'),
  manualPaymentInstructions: settings.manualPaymentInstructions,
  card: settings.paymentMethods.includes('card'),
});

const amount = (typed: string): number | null => {
  const value = typed.trim() === '' ? Number.NaN : Number(typed);
  return Number.isFinite(value) && value >= 0 ? value : null;
};

/** The body of PUT …/settings (call after `validateDraft` found nothing). */
export function settingsOf(draft: Draft): StoreSettings {
  const paymentMethods: PaymentMethod[] = [
    ...(draft.manual ? (['manual'] as const) : []),
    ...(draft.card ? (['card'] as const) : []),
  ];
  return {
    pickupEnabled: draft.pickupEnabled,
    shippingEnabled: draft.shippingEnabled,
    flatShippingRate: amount(draft.flatShippingRate) ?? 0,
    freeShippingThreshold:
      draft.freeShippingThreshold.trim() === '' ? null : amount(draft.freeShippingThreshold),
    taxRate: amount(draft.taxRate) ?? 0,
    taxInclusive: draft.taxInclusive,
    orderNoticeEmail: draft.orderNoticeEmail.trim() === '' ? null : draft.orderNoticeEmail.trim(),
    paymentMethods,
    manualPaymentInstructions: draft.manualPaymentInstructions,
    pickupInstructions: draft.pickupInstructions,
  };
}

/**
 * Whether a typed amount has at most that many decimals, by the store's one rule (`hasAtMostDecimals`, which
 * the server applies): "4.500" is 4.5 and fine, "5e-3" is 0.005 and is not. Call once `amount` took the text.
 */
const fewDecimals = (typed: string, decimals: number): boolean => hasAtMostDecimals(Number(typed), decimals);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What must be fixed before saving, by field, each saying what to do. */
export function validateDraft(draft: Draft): Partial<Record<ErrorKey, string>> {
  const errors: Partial<Record<ErrorKey, string>> = {};
  if (!draft.pickupEnabled && !draft.shippingEnabled) {
    errors.delivery = 'Turn on pickup or shipping: buyers need a way to get their order.';
  }
  if (draft.shippingEnabled && amount(draft.flatShippingRate) === null) {
    errors.flatShippingRate = 'Enter a shipping rate of 0 or more';
  }
  if (
    draft.shippingEnabled &&
    draft.freeShippingThreshold.trim() !== '' &&
    amount(draft.freeShippingThreshold) === null
  ) {
    errors.freeShippingThreshold = 'Enter an amount of 0 or more, or leave it empty';
  }
  if (draft.shippingEnabled && !errors.flatShippingRate && !fewDecimals(draft.flatShippingRate, 2)) {
    errors.flatShippingRate = 'Use at most 2 decimals (cents)';
  }
  if (
    draft.shippingEnabled &&
    !errors.freeShippingThreshold &&
    draft.freeShippingThreshold.trim() !== '' &&
    !fewDecimals(draft.freeShippingThreshold, 2)
  ) {
    errors.freeShippingThreshold = 'Use at most 2 decimals (cents)';
  }
  const tax = amount(draft.taxRate);
  if (tax === null || tax > 100) errors.taxRate = 'Enter a tax rate from 0 to 100';
  else if (!hasAtMostDecimals(tax, 3)) errors.taxRate = 'Use at most 3 decimals, e.g. 8.875';
  if (draft.orderNoticeEmail.trim() !== '' && !EMAIL.test(draft.orderNoticeEmail.trim())) {
    errors.orderNoticeEmail = 'Enter a valid email address, or leave it empty for the account owner’s';
  }
  if (!draft.manual && !draft.card) errors.paymentMethods = 'Choose at least one payment method';
  return errors;
}

// The server's 400 names the field; its words decide where the message goes (first match wins).
const FIELD_WORDS: Array<[RegExp, ErrorKey]> = [
  [/free\s*shipping|freeShippingThreshold/i, 'freeShippingThreshold'],
  [/flat|shipping\s*rate|flatShippingRate/i, 'flatShippingRate'],
  [/tax/i, 'taxRate'],
  [/e-?mail|orderNoticeEmail/i, 'orderNoticeEmail'],
  [/pickup\s*instructions|pickupInstructions/i, 'pickupInstructions'],
  [/payment\s*instructions|manualPaymentInstructions/i, 'manualPaymentInstructions'],
  [/payment|card|stripe/i, 'paymentMethods'],
  [/pickup|shipping|delivery/i, 'delivery'],
];

/** The field a server message is about, or null (then it shows above the form). */
export const fieldOfMessage = (message: string): ErrorKey | null =>
  FIELD_WORDS.find(([words]) => words.test(message))?.[1] ?? null;
