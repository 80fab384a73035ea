import { ownPaymentWords } from '../../src/contracts/paymentWords.ts';
import {
  type CheckoutOptions,
  DEFAULT_STORE_SETTINGS,
  fromCents,
  type PaymentMethod,
  type StoreSettings,
  toCents,
} from '../../src/contracts/store.ts';
import type { Queryable } from '../db/types.ts';

type SettingsRow = {
  pickupEnabled: boolean;
  shippingEnabled: boolean;
  flatShippingCents: number;
  freeShippingThresholdCents: number | null;
  taxRate: string | number;
  taxInclusive: boolean;
  orderNoticeEmail: string | null;
  paymentMethods: PaymentMethod[];
  manualPaymentInstructions: string;
  pickupInstructions: string;
};

const SETTINGS = `pickup_enabled as "pickupEnabled", shipping_enabled as "shippingEnabled",
  flat_shipping_cents as "flatShippingCents", free_shipping_threshold_cents as "freeShippingThresholdCents",
  tax_rate as "taxRate", tax_inclusive as "taxInclusive", order_notice_email as "orderNoticeEmail",
  payment_methods as "paymentMethods", manual_payment_instructions as "manualPaymentInstructions",
  pickup_instructions as "pickupInstructions"`;

const toSettings = (row: SettingsRow): StoreSettings => ({
  pickupEnabled: row.pickupEnabled,
  shippingEnabled: row.shippingEnabled,
  flatShippingRate: fromCents(row.flatShippingCents),
  freeShippingThreshold:
    row.freeShippingThresholdCents === null ? null : fromCents(row.freeShippingThresholdCents),
  // numeric comes back as text from PostgreSQL.
  taxRate: Number(row.taxRate),
  taxInclusive: row.taxInclusive,
  orderNoticeEmail: row.orderNoticeEmail,
  paymentMethods: [...row.paymentMethods],
  // The former default that stores saved with their other settings is no text of the owner's: buyers then read the
  // words for their delivery (paymentWords.ts), and the Settings tab shows the field empty. The row is not rewritten.
  manualPaymentInstructions: ownPaymentWords(row.manualPaymentInstructions),
  pickupInstructions: row.pickupInstructions,
});

/** A store's checkout settings; the defaults while the owner has saved none. */
export async function storeSettingsOf(db: Queryable, storeId: string): Promise<StoreSettings> {
  const row = await db.one<SettingsRow>(`select ${SETTINGS} from store_settings where store_id = $1`, [
    storeId,
  ]);
  return row ? toSettings(row) : { ...DEFAULT_STORE_SETTINGS, paymentMethods: ['manual'] };
}

/** Saves a store's settings (the store must be the account's: the caller checks). */
export async function saveStoreSettings(
  db: Queryable,
  accountId: number,
  storeId: string,
  settings: StoreSettings,
): Promise<StoreSettings> {
  const row = await db.one<SettingsRow>(
    `insert into store_settings (store_id, account_id, pickup_enabled, shipping_enabled, flat_shipping_cents,
       free_shipping_threshold_cents, tax_rate, tax_inclusive, order_notice_email, payment_methods,
       manual_payment_instructions, pickup_instructions)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::text[], $11, $12)
     on conflict (store_id) do update set pickup_enabled = excluded.pickup_enabled,
       shipping_enabled = excluded.shipping_enabled, flat_shipping_cents = excluded.flat_shipping_cents,
       free_shipping_threshold_cents = excluded.free_shipping_threshold_cents, tax_rate = excluded.tax_rate,
       tax_inclusive = excluded.tax_inclusive, order_notice_email = excluded.order_notice_email,
       payment_methods = excluded.payment_methods,
       manual_payment_instructions = excluded.manual_payment_instructions,
       pickup_instructions = excluded.pickup_instructions, updated_at = now()
     returning ${SETTINGS}`,
    [
      storeId,
      accountId,
      settings.pickupEnabled,
      settings.shippingEnabled,
      toCents(settings.flatShippingRate),
      settings.freeShippingThreshold === null ? null : toCents(settings.freeShippingThreshold),
      settings.taxRate,
      settings.taxInclusive,
      settings.orderNoticeEmail,
      [...new Set(settings.paymentMethods)],
      settings.manualPaymentInstructions,
      settings.pickupInstructions,
    ],
  );
  if (!row) throw new Error('store settings upsert returned no row');
  return toSettings(row);
}

/** The payment methods a buyer can use now: card only while a payment gateway is configured. */
export function offeredPaymentMethods(settings: StoreSettings, cardAvailable: boolean): PaymentMethod[] {
  return settings.paymentMethods.filter((method) => method !== 'card' || cardAvailable);
}

/** What the visitor's checkout form needs; null when there is no such store. */
export async function checkoutOptionsOf(
  db: Queryable,
  storeId: string,
  cardAvailable: boolean,
): Promise<CheckoutOptions | null> {
  const store = await db.one<{ storeName: string; currency: CheckoutOptions['currency'] }>(
    'select store_name as "storeName", currency from stores where store_id = $1',
    [storeId],
  );
  if (!store) return null;
  const settings = await storeSettingsOf(db, storeId);
  return {
    storeId,
    storeName: store.storeName,
    currency: store.currency,
    pickupEnabled: settings.pickupEnabled,
    shippingEnabled: settings.shippingEnabled,
    flatShippingRate: settings.flatShippingRate,
    freeShippingThreshold: settings.freeShippingThreshold,
    taxRate: settings.taxRate,
    taxInclusive: settings.taxInclusive,
    paymentMethods: offeredPaymentMethods(settings, cardAvailable),
    manualPaymentInstructions: settings.manualPaymentInstructions,
    pickupInstructions: settings.pickupInstructions,
  };
}
