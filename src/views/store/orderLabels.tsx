import Chip from '@mui/material/Chip';
import type {
  DeliveryMethod,
  FulfilmentStatus,
  OrderDetails,
  PaymentMethod,
  PaymentStatus,
} from '../../contracts/store.ts';

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  awaiting: 'Awaiting payment',
  unpaid: 'Unpaid',
  paid: 'Paid',
  expired: 'Payment expired',
};
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = { manual: 'Manual', card: 'Card' };
export const FULFILMENT_STATUS_LABELS: Record<FulfilmentStatus, string> = {
  unfulfilled: 'Unfulfilled',
  ready_for_pickup: 'Ready for pickup',
  shipped: 'Shipped',
  completed: 'Completed',
  cancelled: 'Cancelled',
};
export const DELIVERY_LABELS: Record<DeliveryMethod, string> = { pickup: 'Pickup', shipping: 'Shipping' };

type ChipColor = 'default' | 'info' | 'success' | 'warning' | 'error' | 'primary';
const PAYMENT_COLORS: Record<PaymentStatus, ChipColor> = {
  awaiting: 'info',
  unpaid: 'warning',
  paid: 'success',
  expired: 'default',
};
const FULFILMENT_COLORS: Record<FulfilmentStatus, ChipColor> = {
  unfulfilled: 'warning',
  ready_for_pickup: 'info',
  shipped: 'primary',
  completed: 'success',
  cancelled: 'default',
};

export const PaymentChip = ({ order }: { order: Pick<OrderDetails, 'paymentStatus'> }) => (
  <Chip
    size="small"
    label={PAYMENT_STATUS_LABELS[order.paymentStatus]}
    color={PAYMENT_COLORS[order.paymentStatus]}
  />
);

export const FulfilmentChip = ({ order }: { order: Pick<OrderDetails, 'fulfilmentStatus'> }) => (
  <Chip
    size="small"
    label={FULFILMENT_STATUS_LABELS[order.fulfilmentStatus]}
    color={FULFILMENT_COLORS[order.fulfilmentStatus]}
  />
);

/** '2 × Bread, 1 × Cake'. */
export const itemsSummary = (order: Pick<OrderDetails, 'items'>): string =>
  order.items.map((item) => `${item.quantity} × ${item.productName}`).join(', ');
