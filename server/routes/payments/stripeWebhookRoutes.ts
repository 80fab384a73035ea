import type { FastifyPluginAsync } from 'fastify';
import { paymentsApi } from '../../../src/contracts/storeApi.ts';
import { HttpError } from '../../errors.ts';
import { InvalidSignatureError, type StripePayments } from '../../payments/stripeGateway.ts';
import { applyStripeEvent } from '../../shop/cardPayments.ts';
import type { RouteDeps } from '../routeDeps.ts';

export const INVALID_SIGNATURE = 'Invalid signature';
export const CARD_NOT_CONFIGURED = 'Card payments are not configured';

/**
 * POST /api/webhooks/stripe: Stripe's events about Checkout Sessions. Public (Stripe calls it), so only a
 * valid Stripe-Signature over the exact bytes received is believed: this plugin keeps JSON bodies raw.
 * A replayed event answers 200 and changes nothing.
 */
export const stripeWebhookRoutes: FastifyPluginAsync<RouteDeps & { stripe: StripePayments | null }> = async (
  app,
  { db, orderEvents, stripe },
) => {
  // Scoped to this plugin: everywhere else JSON is parsed as usual. The text guard skips a Buffer body.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  app.post<{ Headers: { 'stripe-signature'?: string } }>(
    '/api/webhooks/stripe',
    {
      config: { permission: 'public' },
      schema: paymentsApi.stripeWebhook,
    },
    async (request) => {
      if (!stripe) throw new HttpError(404, CARD_NOT_CONFIGURED);
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      let event: ReturnType<StripePayments['verifyWebhook']>;
      try {
        event = stripe.verifyWebhook(raw, request.headers['stripe-signature']);
      } catch (error) {
        if (error instanceof InvalidSignatureError) throw new HttpError(400, INVALID_SIGNATURE);
        throw error;
      }
      const outcome = await applyStripeEvent(db, orderEvents, event);
      request.log.info({ eventId: event.eventId, type: event.type, outcome }, 'stripe webhook');
      return { received: true, outcome };
    },
  );
};
