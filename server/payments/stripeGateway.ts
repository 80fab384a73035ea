import Stripe from 'stripe';
import { type OrderDetails, toCents } from '../../src/contracts/store.ts';
import { type OutboundPolicy, outboundPolicy, safeFetch } from '../net/safeFetch.ts';
import type { CardCheckout, PaymentGateway } from './gateway.ts';

/** STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and (for a local fake) STRIPE_API_URL. */
export type StripeSettings = { secretKey: string; webhookSecret: string; apiUrl: string | null };

/** What Stripe told the webhook about a Checkout Session, once its signature is verified. */
export type CheckoutSessionEvent = {
  /** Stripe's event id (evt_…): a replay of it changes nothing. */
  eventId: string;
  type: 'checkout.session.completed' | 'checkout.session.expired' | 'other';
  sessionId: string | null;
  /** The order the session was opened for (its metadata / client_reference_id). */
  orderId: string | null;
  /** 'paid' once the money is there (a completed session may still await a delayed method). */
  paymentStatus: string | null;
};

/** Card payments through Stripe Checkout: the gateway checkout uses, plus what the webhook and the expiry job need. */
export type StripePayments = PaymentGateway & {
  /** Closes an open session (the expiry job, when the webhook never came); rejects when Stripe refuses. */
  expireCheckout(sessionId: string): Promise<void>;
  /** Verifies the Stripe-Signature of a webhook body; throws when it is missing, forged or too old. */
  verifyWebhook(rawBody: Buffer | string, signature: string | undefined): CheckoutSessionEvent;
};

export class InvalidSignatureError extends Error {
  constructor() {
    super('Invalid signature');
    this.name = 'InvalidSignatureError';
  }
}

/** The settings from the configuration; null unless both secrets are set (card is then not offered). */
export function stripeSettingsOf(config: {
  stripeSecretKey?: string | null;
  stripeWebhookSecret?: string | null;
  stripeApiUrl?: string | null;
}): StripeSettings | null {
  if (!config.stripeSecretKey || !config.stripeWebhookSecret) return null;
  return {
    secretKey: config.stripeSecretKey,
    webhookSecret: config.stripeWebhookSecret,
    apiUrl: config.stripeApiUrl ?? null,
  };
}

/**
 * Stripe's own client, its requests sent through the project's guarded outbound client (safeFetch): the
 * address of STRIPE_API_URL is checked like every outgoing call (a loopback fake only with
 * ALLOW_LOOPBACK_OUTBOUND).
 */
function guardedHttpClient(outbound: OutboundPolicy) {
  return Stripe.createFetchHttpClient(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'POST') throw new Error(`Unsupported Stripe request method ${method}`);
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const body = typeof init?.body === 'string' ? init.body : undefined;
    const response = await safeFetch(
      url,
      { method, headers, body },
      { maxBodyBytes: 1024 * 1024, ...outbound },
    );
    const responseHeaders = new Headers();
    for (const [key, value] of Object.entries(response.headers)) {
      if (typeof value === 'string') responseHeaders.set(key, value);
      else if (Array.isArray(value)) for (const item of value) responseHeaders.append(key, item);
    }
    return new Response(new Uint8Array(response.body), { status: response.status, headers: responseHeaders });
  });
}

/** Line items whose sum is exactly the order's total: the products, then shipping and an exclusive tax. */
export function checkoutLineItems(order: OrderDetails): Stripe.Checkout.SessionCreateParams.LineItem[] {
  const currency = order.currency.toLowerCase();
  const line = (name: string, cents: number, quantity = 1) => ({
    quantity,
    price_data: { currency, unit_amount: cents, product_data: { name } },
  });
  const items = order.items.map((item) => line(item.productName, toCents(item.price), item.quantity));
  if (toCents(order.shipping) > 0) items.push(line('Shipping', toCents(order.shipping)));
  if (!order.taxInclusive && toCents(order.tax) > 0) items.push(line('Tax', toCents(order.tax)));
  return items;
}

export function createStripeGateway(settings: StripeSettings, outbound: OutboundPolicy): StripePayments {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : null;
  const stripe = new Stripe(settings.secretKey, {
    httpClient: guardedHttpClient(outbound),
    // The guarded client already times out; one retry of a network failure, as Stripe's default.
    maxNetworkRetries: 1,
    telemetry: false,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'http:' ? 80 : 443),
          protocol: api.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });

  return {
    createCheckout: async (order, urls, expiresAt): Promise<CardCheckout> => {
      // The order as the repository reads it carries its account (OrderDetails & { accountId }).
      const { accountId } = order as OrderDetails & { accountId?: unknown };
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: checkoutLineItems(order),
          metadata: {
            orderId: order.id,
            ...(typeof accountId === 'number' ? { accountId: String(accountId) } : {}),
          },
          client_reference_id: order.id,
          customer_email: order.customer.email,
          expires_at: Math.floor(expiresAt.getTime() / 1000),
          success_url: urls.successUrl,
          cancel_url: urls.cancelUrl,
        },
        // One session per order, whatever retries happen.
        { idempotencyKey: `checkout-${order.id}` },
      );
      if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL');
      return {
        sessionId: session.id,
        url: session.url,
        expiresAt: new Date((session.expires_at ?? Math.floor(expiresAt.getTime() / 1000)) * 1000),
      };
    },
    expireCheckout: async (sessionId) => {
      await stripe.checkout.sessions.expire(sessionId);
    },
    verifyWebhook: (rawBody, signature) => {
      if (!signature) throw new InvalidSignatureError();
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch {
        throw new InvalidSignatureError();
      }
      if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.expired') {
        const session = event.data.object;
        return {
          eventId: event.id,
          type: event.type,
          sessionId: session.id,
          orderId: session.metadata?.orderId ?? session.client_reference_id ?? null,
          paymentStatus: session.payment_status,
        };
      }
      return { eventId: event.id, type: 'other', sessionId: null, orderId: null, paymentStatus: null };
    },
  };
}

/** The gateway the configuration asks for: Stripe when both secrets are set, else null (no card). */
export function stripeGatewayOf(
  config: Parameters<typeof stripeSettingsOf>[0] & Parameters<typeof outboundPolicy>[0],
): StripePayments | null {
  const settings = stripeSettingsOf(config);
  return settings ? createStripeGateway(settings, outboundPolicy(config)) : null;
}
