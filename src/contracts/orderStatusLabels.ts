import type { Order, OrderStatus, PaymentStatus } from './storeShapes.ts';

/**
 * The words of an order's status, wherever a person reads it: the buyer's order page, the owner's Orders list
 * and drawer, the Status filter and the CSV export. One home, so the same status reads the same everywhere.
 */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_payment: 'Awaiting payment',
  placed: 'Placed',
  paid: 'Paid',
  ready_for_pickup: 'Ready for pickup',
  shipped: 'Shipped',
  completed: 'Completed',
  cancelled: 'Cancelled',
  expired: 'Payment expired',
};

/** The order's status as the buyer and the owner both read it. */
export const orderStatusLabel = (order: Pick<Order, 'status'>): string => ORDER_STATUS_LABELS[order.status];

/** The payment on its own (the owner's Payment column), in the status's words where they meet. */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  awaiting: ORDER_STATUS_LABELS.awaiting_payment,
  unpaid: 'Unpaid',
  paid: ORDER_STATUS_LABELS.paid,
  expired: ORDER_STATUS_LABELS.expired,
};
