// Apart from store.ts (its schemas): the route table names these statuses, and it loads with the first screen.

/** The one-word summary the spec's Order carries (id, customerId, status, total, createdDate). */
export const ORDER_STATUSES = [
  'awaiting_payment',
  'placed',
  'paid',
  'ready_for_pickup',
  'shipped',
  'completed',
  'cancelled',
  'expired',
] as const;
