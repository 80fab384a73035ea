import { appRoute, buildPath } from '../../src/contracts/appRoutes.ts';
import {
  type Address,
  formatMoney,
  formatOrderNumber,
  fromCents,
  type OrderDetails,
  toCents,
} from '../../src/contracts/store.ts';

/** A plain-text mail. */
export type MailContent = { subject: string; body: string };

/** What the mails say besides the order: the store's name and pickup instructions, the app's public origin. */
export type MailContext = { storeName: string; pickupInstructions: string; appUrl: string };

/** The owner's Orders tab with this order's drawer open: /store/orders?store=…&order=… (see contracts/appRoutes.ts). */
export function ownerOrderLink(appUrl: string, storeId: string, orderId: string): string {
  return `${appUrl}${buildPath(appRoute('store', { tab: 'orders', store: storeId, order: orderId }))}`;
}

/** The buyer's own page of the order (the token is their secret; it is in their confirmation only). */
export function buyerOrderLink(appUrl: string, orderId: string, accessToken: string): string {
  return `${appUrl}/order/${encodeURIComponent(orderId)}?token=${encodeURIComponent(accessToken)}`;
}

const money = (order: OrderDetails, amount: number) => formatMoney(amount, order.currency);
const number = (order: OrderDetails) => formatOrderNumber(order.orderNumber);

/** '2 × Mug — $12.00' per line (the line's total). */
export function itemLines(order: OrderDetails): string[] {
  return order.items.map(
    (item) =>
      `${item.quantity} × ${item.productName} — ${money(order, fromCents(toCents(item.price) * item.quantity))}`,
  );
}

function totalsLines(order: OrderDetails): string[] {
  const lines = [`Subtotal: ${money(order, order.subtotal)}`];
  if (order.deliveryMethod === 'shipping') lines.push(`Shipping: ${money(order, order.shipping)}`);
  if (order.tax > 0) {
    lines.push(
      order.taxInclusive ? `Tax (included): ${money(order, order.tax)}` : `Tax: ${money(order, order.tax)}`,
    );
  }
  lines.push(`Total: ${money(order, order.total)}`);
  return lines;
}

export function formatAddress(address: Address): string[] {
  return [
    address.line1,
    address.line2,
    [address.postalCode, address.city].filter(Boolean).join(' '),
    address.region,
    address.country,
  ].filter((line): line is string => typeof line === 'string' && line.trim() !== '');
}

function deliveryLines(order: OrderDetails, context: MailContext): string[] {
  if (order.deliveryMethod === 'pickup') {
    const instructions = context.pickupInstructions.trim();
    return ['Delivery: pickup', ...(instructions ? [instructions] : [])];
  }
  return ['Delivery: shipping to', ...(order.shippingAddress ? formatAddress(order.shippingAddress) : [])];
}

function paymentLine(order: OrderDetails): string {
  if (order.paymentStatus === 'paid') return 'Paid by card';
  if (order.paymentMethod === 'card') return 'Complete your card payment to confirm this order.';
  return `Payment: ${order.paymentInstructions}`;
}

/** The buyer's confirmation: what they bought, the figures, delivery, how to pay, and their order's link. */
export function buyerConfirmationMail(
  order: OrderDetails,
  accessToken: string,
  context: MailContext,
): MailContent {
  const body = [
    `Hello ${order.customer.name},`,
    '',
    `Thank you for your order ${number(order)} at ${context.storeName}.`,
    '',
    ...itemLines(order),
    '',
    ...totalsLines(order),
    '',
    ...deliveryLines(order, context),
    '',
    paymentLine(order),
    '',
    'See your order at any time:',
    buyerOrderLink(context.appUrl, order.id, accessToken),
    ...(order.note ? ['', `Your note: ${order.note}`] : []),
  ];
  return { subject: `Your order ${number(order)} at ${context.storeName}`, body: body.join('\n') };
}

export type StatusMailCause = 'paymentReceived' | 'readyForPickup' | 'ship' | 'cancel' | 'paymentExpired';

/** The mail a buyer gets when their order changes; null for changes that send none (complete). */
export function statusMail(order: OrderDetails, cause: string, context: MailContext): MailContent | null {
  const n = number(order);
  const sign = ['', `${context.storeName}`];
  switch (cause) {
    case 'markPaid':
    case 'paymentReceived':
      return {
        subject: `Payment received for order ${n}`,
        body: [
          `Hello ${order.customer.name},`,
          '',
          `We received your payment of ${money(order, order.total)} for order ${n}. Thank you!`,
          ...sign,
        ].join('\n'),
      };
    case 'readyForPickup': {
      const instructions = context.pickupInstructions.trim();
      return {
        subject: `Order ${n} is ready for pickup`,
        body: [
          `Hello ${order.customer.name},`,
          '',
          `Your order ${n} is ready for pickup.`,
          ...(instructions ? ['', instructions] : []),
          ...(order.paymentStatus === 'paid'
            ? []
            : ['', `Amount due: ${money(order, order.total)}`, `Payment: ${order.paymentInstructions}`]),
          ...sign,
        ].join('\n'),
      };
    }
    case 'ship': {
      const tracking = [
        ...(order.carrier ? [`Carrier: ${order.carrier}`] : []),
        ...(order.trackingNumber ? [`Tracking number: ${order.trackingNumber}`] : []),
      ];
      return {
        subject: `Order ${n} has shipped`,
        body: [
          `Hello ${order.customer.name},`,
          '',
          `Your order ${n} is on its way.`,
          ...(tracking.length > 0 ? ['', ...tracking] : []),
          ...(order.shippingAddress ? ['', 'Shipping to:', ...formatAddress(order.shippingAddress)] : []),
          ...sign,
        ].join('\n'),
      };
    }
    case 'cancel':
      return {
        subject: `Order ${n} was cancelled`,
        body: [
          `Hello ${order.customer.name},`,
          '',
          `Your order ${n} at ${context.storeName} was cancelled.`,
          ...(order.paymentStatus === 'paid'
            ? ['', 'You paid for it: the store will contact you about the refund.']
            : []),
          ...sign,
        ].join('\n'),
      };
    case 'paymentExpired':
      return {
        subject: `Order ${n} was cancelled: the card payment was not completed`,
        body: [
          `Hello ${order.customer.name},`,
          '',
          `The card payment for your order ${n} was not completed in time, so the order was cancelled and nothing was charged.`,
          'You are welcome to order again.',
          ...sign,
        ].join('\n'),
      };
    default:
      return null;
  }
}

/** The owner's notice of a new order: who bought what, how it is delivered and paid, and where to handle it. */
export function ownerNoticeMail(order: OrderDetails, context: MailContext): MailContent {
  const buyer = order.customer;
  const body = [
    `New order ${number(order)} at ${context.storeName}: ${money(order, order.total)}`,
    '',
    `Buyer: ${buyer.name}`,
    `Email: ${buyer.email}`,
    ...(buyer.phone ? [`Phone: ${buyer.phone}`] : []),
    '',
    ...itemLines(order),
    '',
    ...totalsLines(order),
    '',
    ...(order.deliveryMethod === 'pickup'
      ? ['Delivery: pickup']
      : ['Delivery: shipping to', ...(order.shippingAddress ? formatAddress(order.shippingAddress) : [])]),
    `Payment: ${
      order.paymentMethod === 'card'
        ? order.paymentStatus === 'paid'
          ? 'paid by card'
          : 'by card (awaiting payment)'
        : 'manual (not yet paid)'
    }`,
    ...(order.note ? ['', `Note from the buyer: ${order.note}`] : []),
    '',
    'Handle it in your Orders tab:',
    ownerOrderLink(context.appUrl, order.storeId, order.id),
  ];
  return { subject: `New order ${number(order)} — ${money(order, order.total)}`, body: body.join('\n') };
}
