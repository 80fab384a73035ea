import Chip from '@mui/material/Chip';
import { orderStatusLabel, PAYMENT_STATUS_LABELS } from '../../contracts/orderStatusLabels.ts';
import type {
  DeliveryMethod,
  OrderDetails,
  OrderStatus,
  PaymentMethod,
  PaymentStatus,
} from '../../contracts/store.ts';

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = { manual: 'Manual', card: 'Card' };
export const DELIVERY_LABELS: Record<DeliveryMethod, string> = { pickup: 'Pickup', shipping: 'Shipping' };

type ChipColor = 'default' | 'info' | 'success' | 'warning' | 'error' | 'primary';
const PAYMENT_COLORS: Record<PaymentStatus, ChipColor> = {
  awaiting: 'info',
  unpaid: 'warning',
  paid: 'success',
  expired: 'default',
};
const STATUS_COLORS: Record<OrderStatus, ChipColor> = {
  awaiting_payment: 'info',
  placed: 'warning',
  paid: 'warning',
  expired: 'default',
  ready_for_pickup: 'info',
  shipped: 'primary',
  completed: 'success',
  cancelled: 'default',
};

/**
 * The payment's state; `named` says "Payment: Paid" where no column header names it (the drawer, beside the
 * status, which can be "Paid" too).
 */
export const PaymentChip = ({
  order,
  named = false,
}: {
  order: Pick<OrderDetails, 'paymentStatus'>;
  named?: boolean;
}) => (
  <Chip
    size="small"
    label={`${named ? 'Payment: ' : ''}${PAYMENT_STATUS_LABELS[order.paymentStatus]}`}
    color={PAYMENT_COLORS[order.paymentStatus]}
  />
);

/** The order's status in the words its buyer reads on their order page (orderStatusLabels.ts). */
export const StatusChip = ({ order }: { order: Pick<OrderDetails, 'status'> }) => (
  <Chip size="small" label={orderStatusLabel(order)} color={STATUS_COLORS[order.status]} />
);

/** '2 × Bread, 1 × Cake'. */
export const itemsSummary = (order: Pick<OrderDetails, 'items'>): string =>
  order.items.map((item) => `${item.quantity} × ${item.productName}`).join(', ');
