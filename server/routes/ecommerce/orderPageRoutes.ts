import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyPluginAsync } from 'fastify';
import { escapeHtml } from '../../../src/canvas/safeText.ts';
import { orderStatusLabel } from '../../../src/contracts/orderStatusLabels.ts';
import { formatMoney, formatOrderNumber, type OrderDetails } from '../../../src/contracts/store.ts';
import { storeOwnerApi } from '../../../src/contracts/storeApi.ts';
import { findStore } from '../../repositories/storeCatalog.ts';
import { findOrderForBuyer, ORDER_NOT_FOUND } from '../../repositories/storeOrders.ts';
import { storeSettingsOf } from '../../repositories/storeSettings.ts';
import type { RouteDeps } from '../routeDeps.ts';

/** No script, nothing loaded: the page is its own inline styles and text. */
export const ORDER_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'";
export const PAYMENT_RECEIVED = 'Payment received';
export const PAYMENT_NOT_COMPLETED = 'Payment not completed';

const STYLE = `body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#222}
h1{font-size:1.6rem;margin-bottom:.2rem}table{width:100%;border-collapse:collapse;margin:1rem 0}
td{padding:.3rem 0;border-bottom:1px solid #eee}td.n{text-align:right}.note{background:#f6f6f6;padding:.8rem;
border-radius:6px;white-space:pre-wrap}.status{font-weight:600}`;

type Outcome = 'paid' | 'cancelled' | null;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

/** The buyer's page of their order (all text escaped). */
export function renderOrderPage(
  order: OrderDetails,
  store: { storeName: string; pickupInstructions: string },
  outcome: Outcome,
): string {
  const money = (amount: number) => escapeHtml(formatMoney(amount, order.currency));
  const title = `Order ${formatOrderNumber(order.orderNumber)}`;
  const rows = order.items
    .map(
      (item) =>
        `<tr><td>${item.quantity} × ${escapeHtml(item.productName)}</td><td class="n">${money(item.price * item.quantity)}</td></tr>`,
    )
    .join('');
  const figures = [
    ['Subtotal', order.subtotal],
    ...(order.deliveryMethod === 'shipping' ? [['Shipping', order.shipping] as const] : []),
    ...(order.tax > 0 ? [[order.taxInclusive ? 'Tax (included)' : 'Tax', order.tax] as const] : []),
    ['Total', order.total],
  ] as const;
  const totals = figures
    .map(([label, amount]) => `<tr><td>${label}</td><td class="n">${money(amount)}</td></tr>`)
    .join('');
  const address = order.shippingAddress;
  const delivery =
    order.deliveryMethod === 'shipping' && address
      ? `<h2>Shipping to</h2><p>${[
          escapeHtml(order.customer.name),
          escapeHtml(address.line1),
          address.line2 ? escapeHtml(address.line2) : '',
          escapeHtml([address.postalCode, address.city].join(' ')),
          address.region ? escapeHtml(address.region) : '',
          escapeHtml(address.country),
        ]
          .filter(Boolean)
          .join('<br>')}</p>${
          order.trackingNumber
            ? `<p>Tracking: ${escapeHtml([order.carrier, order.trackingNumber].filter(Boolean).join(' '))}</p>`
            : ''
        }`
      : `<h2>Pickup</h2>${
          store.pickupInstructions
            ? `<p class="note">${escapeHtml(store.pickupInstructions)}</p>`
            : '<p>Collect your order from the store.</p>'
        }`;
  const outcomeLine =
    outcome === 'paid'
      ? `<p>${PAYMENT_RECEIVED}</p>`
      : outcome === 'cancelled'
        ? `<p>${PAYMENT_NOT_COMPLETED}</p>`
        : '';
  const instructions =
    order.paymentMethod === 'manual' && order.paymentInstructions && order.paymentStatus === 'unpaid'
      ? `<h2>Payment</h2><p class="note">${escapeHtml(order.paymentInstructions)}</p>`
      : '';
  return page(
    `${title} · ${store.storeName}`,
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(store.storeName)}</p>${outcomeLine}` +
      `<p>Status: <span class="status">${escapeHtml(orderStatusLabel(order))}</span></p>` +
      `<table>${rows}</table><table>${totals}</table>${delivery}${instructions}`,
  );
}

/** GET /order/{id}?token=…: where the buyer lands after checkout (and from the card payment page). */
export const orderPageRoutes: FastifyPluginAsync<RouteDeps> = async (fastify, { db }) => {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.get(
    '/order/:id',
    {
      config: { permission: 'public' },
      schema: storeOwnerApi.orderPage,
    },
    async (request, reply) => {
      reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-security-policy', ORDER_PAGE_CSP)
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .header('x-frame-options', 'DENY');
      const token = request.query.token ?? '';
      const order = token ? await findOrderForBuyer(db, request.params.id, token) : null;
      if (!order) {
        return reply
          .code(404)
          .send(
            page(ORDER_NOT_FOUND, `<h1>${ORDER_NOT_FOUND}</h1><p>Check the link in your confirmation.</p>`),
          );
      }
      const store = await findStore(db, order.storeId);
      const settings = await storeSettingsOf(db, order.storeId);
      const outcome: Outcome =
        request.query.paid === '1' ? 'paid' : request.query.cancelled === '1' ? 'cancelled' : null;
      return reply.send(
        renderOrderPage(
          order,
          { storeName: store?.storeName ?? '', pickupInstructions: settings.pickupInstructions },
          outcome,
        ),
      );
    },
  );
};
