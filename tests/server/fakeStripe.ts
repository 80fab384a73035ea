import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import Stripe from 'stripe';

export type FakeStripeRequest = {
  method: string;
  path: string;
  /** The form-encoded body, decoded (keys as Stripe sends them: line_items[0][price_data][unit_amount]). */
  form: Record<string, string>;
  authorization: string | undefined;
};

export type FakeSession = {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  expires_at: number;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
};

export type FakeStripe = {
  /** http://127.0.0.1:port: STRIPE_API_URL. */
  readonly url: string;
  readonly requests: FakeStripeRequest[];
  readonly sessions: Map<string, FakeSession>;
  /** Answer the next session creation with this HTTP status (Stripe down, key refused…). */
  failNext(status: number): void;
  close(): Promise<void>;
};

export const FAKE_STRIPE_SECRET_KEY = 'sk_test_fake_0123456789';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_test_fake_0123456789';

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The amount Stripe would charge: Σ unit_amount × quantity over the form's line items. */
export function amountOf(form: Record<string, string>): number {
  let total = 0;
  for (let index = 0; form[`line_items[${index}][quantity]`] !== undefined; index += 1) {
    total +=
      Number(form[`line_items[${index}][price_data][unit_amount]`]) *
      Number(form[`line_items[${index}][quantity]`]);
  }
  return total;
}

/**
 * Just enough of Stripe's API on loopback for the gateway: create a Checkout Session (form-encoded, as the
 * official client sends it) and expire one. Every request is recorded.
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripeRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  let failStatus: number | null = null;

  const server = createServer(async (request, response) => {
    const raw = await readBody(request);
    const form = Object.fromEntries(new URLSearchParams(raw));
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    requests.push({ method: request.method ?? '', path, form, authorization: request.headers.authorization });
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' });
      response.end(JSON.stringify(body));
    };
    if (request.headers.authorization !== `Bearer ${FAKE_STRIPE_SECRET_KEY}`) {
      send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      return;
    }
    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      if (failStatus !== null) {
        const status = failStatus;
        failStatus = null;
        send(status, { error: { type: 'api_error', message: 'The fake is failing on purpose' } });
        return;
      }
      const id = `cs_test_${randomBytes(12).toString('hex')}`;
      const metadata: Record<string, string> = {};
      for (const [key, value] of Object.entries(form)) {
        const match = key.match(/^metadata\[(.+)\]$/);
        if (match?.[1]) metadata[match[1]] = value;
      }
      const session: FakeSession = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: amountOf(form),
        currency: form['line_items[0][price_data][currency]'] ?? 'usd',
        expires_at: Number(form.expires_at),
        client_reference_id: form.client_reference_id ?? null,
        metadata,
        success_url: form.success_url ?? '',
        cancel_url: form.cancel_url ?? '',
      };
      sessions.set(id, session);
      send(200, session);
      return;
    }
    const expire = path.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/);
    if (request.method === 'POST' && expire?.[1]) {
      const session = sessions.get(decodeURIComponent(expire[1]));
      if (!session) {
        send(404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
        return;
      }
      if (session.status !== 'open') {
        send(400, { error: { type: 'invalid_request_error', message: 'Only open sessions can be expired' } });
        return;
      }
      session.status = 'expired';
      send(200, session);
      return;
    }
    send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path})` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    failNext: (status) => {
      failStatus = status;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const webhooks = new Stripe(FAKE_STRIPE_SECRET_KEY).webhooks;

/** A webhook call as Stripe sends it: the JSON body and its Stripe-Signature header under `secret`. */
export function signedWebhook(
  event: { id?: string; type: string; object: Record<string, unknown> },
  secret = FAKE_STRIPE_WEBHOOK_SECRET,
): { payload: string; headers: Record<string, string> } {
  const payload = JSON.stringify({
    id: event.id ?? `evt_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    type: event.type,
    data: { object: event.object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  });
  const signature = webhooks.generateTestHeaderString({ payload, secret });
  return { payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } };
}
