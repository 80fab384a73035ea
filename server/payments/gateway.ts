import type { OrderDetails } from '../../src/contracts/store.ts';

/** How long a card order's stock stays reserved while its Stripe Checkout is open (Stripe's minimum). */
export const CARD_RESERVATION_MS = 30 * 60_000;

export type CardCheckout = { sessionId: string; url: string; expiresAt: Date };

/**
 * Card payments (Stripe Checkout). Present only when the server is configured for them
 * (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET); otherwise card is not offered to buyers.
 */
export type PaymentGateway = {
  /** Opens a hosted checkout for the order's total; the visitor is sent to `url`. */
  createCheckout(
    order: OrderDetails,
    urls: { successUrl: string; cancelUrl: string },
    expiresAt: Date,
  ): Promise<CardCheckout>;
};
