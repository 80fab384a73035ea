import type { CheckoutField, PaymentMethod } from './store.ts';

/**
 * The checkout form's words and fields, shared by the published shop's checkout and the owner's Storefront
 * checkout, so a buyer is asked the same things in the same words in both.
 */
export type CheckoutTextField = Exclude<CheckoutField, 'deliveryMethod' | 'paymentMethod'>;

export const CHECKOUT_FIELD_LABELS: Record<CheckoutTextField, string> = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone (optional)',
  line1: 'Address',
  line2: 'Address line 2 (optional)',
  city: 'City',
  region: 'State or region (optional)',
  postalCode: 'Postal code',
  country: 'Country code (e.g. US)',
  note: 'Note for the shop (optional)',
};

/** The shipping address's fields, in the order the form asks for them. */
export const ADDRESS_FIELDS: readonly CheckoutTextField[] = [
  'line1',
  'line2',
  'city',
  'region',
  'postalCode',
  'country',
];

/** The payment choices as a buyer reads them (offered only when the store has two ways to pay). */
export const PAYMENT_CHOICE_LABELS: Record<PaymentMethod, string> = {
  manual: 'Pay on pickup or by bank transfer',
  card: 'Card (secure payment page)',
};
