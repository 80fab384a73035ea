import { hasAtMostDecimals } from './store.ts';
import type { StoreSettings } from './storeShapes.ts';

/**
 * What a store's checkout settings must be: one home for the rules the Settings tab shows under its fields and
 * PUT …/settings answers with a 400, in the same words.
 */

/** The settings as the Settings tab labels them: the route's messages name a field by these words, never its code name. */
export const STORE_SETTINGS_LABELS = {
  pickupEnabled: 'Pickup',
  shippingEnabled: 'Shipping',
  flatShippingRate: 'Flat shipping rate',
  freeShippingThreshold: 'Free shipping from',
  taxRate: 'Tax rate',
  taxInclusive: 'How tax is charged',
  orderNoticeEmail: 'Order notice email',
  paymentMethods: 'Payment methods',
  manualPaymentInstructions: 'Payment instructions',
  pickupInstructions: 'Pickup instructions',
} as const satisfies Record<keyof StoreSettings, string>;

export const STORE_SETTINGS_MESSAGES = {
  delivery: 'Turn on pickup or shipping: buyers need a way to get their order.',
  paymentMethods: 'Choose at least one payment method',
  paymentMethodTwice: 'Name each payment method once',
  shippingRate: 'Enter a shipping rate of 0 or more',
  threshold: 'Enter an amount of 0 or more, or leave it empty',
  // Amounts are kept in cents: a third decimal would be rounded away.
  cents: 'Use at most 2 decimals (cents)',
  taxRate: 'Enter a tax rate from 0 to 100',
  taxDecimals: 'Use at most 3 decimals, e.g. 8.875',
  email: 'Enter a valid email address, or leave it empty for the account owner’s',
  // Card alone, on a server that cannot take cards, would leave buyers no way to pay.
  cardNotConfigured: 'Card payments are not set up on this server yet: keep manual payment on',
} as const;

/** Where a problem shows in the Settings tab: a field, the delivery switches or the payment methods. */
export type SettingsProblemKey =
  | 'delivery'
  | 'paymentMethods'
  | 'flatShippingRate'
  | 'freeShippingThreshold'
  | 'taxRate';

/**
 * The rules on the settings once read (numbers as numbers), each problem by where it shows. The shipping amounts
 * count only while shipping is on: the tab hides them otherwise, and checkout never uses them.
 */
export function settingsProblems(
  settings: Pick<
    StoreSettings,
    | 'pickupEnabled'
    | 'shippingEnabled'
    | 'flatShippingRate'
    | 'freeShippingThreshold'
    | 'taxRate'
    | 'paymentMethods'
  >,
): Partial<Record<SettingsProblemKey, string>> {
  const problems: Partial<Record<SettingsProblemKey, string>> = {};
  if (!settings.pickupEnabled && !settings.shippingEnabled)
    problems.delivery = STORE_SETTINGS_MESSAGES.delivery;
  if (settings.shippingEnabled) {
    if (!(settings.flatShippingRate >= 0)) problems.flatShippingRate = STORE_SETTINGS_MESSAGES.shippingRate;
    else if (!hasAtMostDecimals(settings.flatShippingRate, 2))
      problems.flatShippingRate = STORE_SETTINGS_MESSAGES.cents;
    const threshold = settings.freeShippingThreshold;
    if (threshold !== null && !(threshold >= 0))
      problems.freeShippingThreshold = STORE_SETTINGS_MESSAGES.threshold;
    else if (threshold !== null && !hasAtMostDecimals(threshold, 2))
      problems.freeShippingThreshold = STORE_SETTINGS_MESSAGES.cents;
  }
  if (!(settings.taxRate >= 0 && settings.taxRate <= 100)) problems.taxRate = STORE_SETTINGS_MESSAGES.taxRate;
  else if (!hasAtMostDecimals(settings.taxRate, 3)) problems.taxRate = STORE_SETTINGS_MESSAGES.taxDecimals;
  if (settings.paymentMethods.length === 0) problems.paymentMethods = STORE_SETTINGS_MESSAGES.paymentMethods;
  else if (new Set(settings.paymentMethods).size !== settings.paymentMethods.length)
    problems.paymentMethods = STORE_SETTINGS_MESSAGES.paymentMethodTwice;
  return problems;
}

/** The messages about the payment methods as a whole (they name no field). */
const PAYMENT_MESSAGES: readonly string[] = [
  STORE_SETTINGS_MESSAGES.paymentMethods,
  STORE_SETTINGS_MESSAGES.paymentMethodTwice,
  STORE_SETTINGS_MESSAGES.cardNotConfigured,
];

/**
 * Where the Settings tab shows a 400 of PUT …/settings: the field whose label leads it (the route's own checks and
 * its schema's messages both start with the label), the delivery switches or the payment methods; null: above
 * the form.
 */
export function settingOfMessage(message: string): keyof StoreSettings | 'delivery' | null {
  if (message === STORE_SETTINGS_MESSAGES.delivery) return 'delivery';
  if (PAYMENT_MESSAGES.includes(message)) return 'paymentMethods';
  // The longest label first: "Pickup instructions …" is not about "Pickup".
  const labelled = (Object.keys(STORE_SETTINGS_LABELS) as (keyof StoreSettings)[])
    .sort((a, b) => STORE_SETTINGS_LABELS[b].length - STORE_SETTINGS_LABELS[a].length)
    .find(
      (key) =>
        /^[ :]/.test(message.slice(STORE_SETTINGS_LABELS[key].length)) &&
        message.startsWith(STORE_SETTINGS_LABELS[key]),
    );
  return labelled ?? null;
}

/**
 * A problem as the API says it: a field's message starts with its label ("Flat shipping rate: use at most 2
 * decimals (cents)"), so the tab can put it under that field; the delivery and payment messages stand alone.
 */
export function settingsProblemMessage(key: SettingsProblemKey, problem: string): string {
  if (key === 'delivery' || key === 'paymentMethods') return problem;
  return `${STORE_SETTINGS_LABELS[key]}: ${problem.charAt(0).toLowerCase()}${problem.slice(1)}`;
}
