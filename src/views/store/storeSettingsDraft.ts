import type { PaymentMethod, StoreSettings } from '../../contracts/store.ts';
import {
  STORE_SETTINGS_MESSAGES,
  settingOfMessage,
  settingsProblems,
} from '../../contracts/storeSettingsRules.ts';

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

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * What must be fixed before saving, by field, each saying what to do: text that is not an amount here, the rest
 * by the store's rules (`settingsProblems`, which the server applies in the same words).
 */
export function validateDraft(draft: Draft): Partial<Record<ErrorKey, string>> {
  const unread: Partial<Record<ErrorKey, string>> = {};
  if (draft.shippingEnabled && amount(draft.flatShippingRate) === null) {
    unread.flatShippingRate = STORE_SETTINGS_MESSAGES.shippingRate;
  }
  if (
    draft.shippingEnabled &&
    draft.freeShippingThreshold.trim() !== '' &&
    amount(draft.freeShippingThreshold) === null
  ) {
    unread.freeShippingThreshold = STORE_SETTINGS_MESSAGES.threshold;
  }
  if (amount(draft.taxRate) === null) unread.taxRate = STORE_SETTINGS_MESSAGES.taxRate;
  if (draft.orderNoticeEmail.trim() !== '' && !EMAIL.test(draft.orderNoticeEmail.trim())) {
    unread.orderNoticeEmail = STORE_SETTINGS_MESSAGES.email;
  }
  return { ...settingsProblems(settingsOf(draft)), ...unread };
}

/** Where a 400 of the settings' route shows (`settingOfMessage`), or null: above the form. */
export function fieldOfMessage(message: string): ErrorKey | null {
  const setting = settingOfMessage(message);
  if (setting === 'pickupEnabled' || setting === 'shippingEnabled') return 'delivery';
  return setting === 'taxInclusive' ? null : setting;
}
