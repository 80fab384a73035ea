import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import {
  allowedOrderActions,
  formatMoney,
  formatOrderNumber,
  ORDER_ACTION_LABELS,
  type OrderAction,
  type OrderActionName,
  type OrderDetails,
} from '../../contracts/store.ts';
import { errorMessage } from '../../services/http/ApiError.ts';
import { useOrderAction, useStoreOrder } from '../../services/store/storeQueries.ts';
import { formatDateTime } from '../common/DataTable.tsx';
import { useCan } from '../common/useCan.ts';
import { CancelOrderDialog, ShipOrderDialog } from './OrderActionDialogs.tsx';
import { DELIVERY_LABELS, PAYMENT_METHOD_LABELS, PaymentChip, StatusChip } from './orderLabels.tsx';

type Props = {
  storeId: string;
  /** The order the URL opens (`?order=<id>`), or null: closed. */
  orderId: string | null;
  /** That order as the list shows it now (null when the list does not hold it). */
  order: OrderDetails | null;
  loading: boolean;
  onClose: () => void;
};

/** One order in full, with the actions its state allows (none for a Viewer). */
export function OrderDrawer({ storeId, orderId, order, loading, onClose }: Props) {
  const action = useOrderAction(storeId);
  // An action can move the order out of a filtered list: keep showing what was last seen of it.
  const [lastSeen, setLastSeen] = useState<OrderDetails | null>(null);
  if (order && order !== lastSeen) setLastSeen(order);
  const fromAction = action.data?.id === orderId ? action.data : null;
  // A link to an order the list's page does not hold (older than its first page, or on another page).
  const fetched = useStoreOrder(storeId, orderId, order === null && !loading);
  const fromLink = fetched.data?.id === orderId ? fetched.data : null;
  const shown = order ?? fromLink ?? fromAction ?? (lastSeen?.id === orderId ? lastSeen : null);
  // A refusal belongs to the order it was about.
  const [errorFor, setErrorFor] = useState<string | null>(null);

  const handleClose = () => {
    action.reset();
    onClose();
  };

  return (
    <Drawer anchor="right" open={orderId !== null} onClose={handleClose}>
      <Box sx={{ width: { xs: '100vw', sm: 460 }, p: 3 }} role="region" aria-label="Order details">
        {shown ? (
          <OrderDetailsView
            order={shown}
            busy={action.isPending}
            error={action.error && errorFor === shown.id ? action.error : null}
            onAction={(next) => {
              setErrorFor(shown.id);
              action.mutate({ id: shown.id, action: next });
            }}
            onClose={handleClose}
          />
        ) : (
          <Stack spacing={2}>
            <Typography>
              {loading || fetched.isFetching
                ? 'Loading the order…'
                : 'This order was not found in this store: pick an order from the list, or choose its store above.'}
            </Typography>
            <Button onClick={handleClose}>Close</Button>
          </Stack>
        )}
      </Box>
    </Drawer>
  );
}

type DetailsProps = {
  order: OrderDetails;
  busy: boolean;
  error: Error | null;
  onAction: (action: OrderAction) => void;
  onClose: () => void;
};

function OrderDetailsView({ order, busy, error, onAction, onClose }: DetailsProps) {
  const canEdit = useCan('store.edit');
  const [asking, setAsking] = useState<'ship' | 'cancel' | null>(null);
  const money = (amount: number) => formatMoney(amount, order.currency);
  const number = formatOrderNumber(order.orderNumber);
  const actions = canEdit ? allowedOrderActions(order) : [];
  const address = order.shippingAddress;

  const handleAction = (name: OrderActionName) => {
    if (name === 'ship' || name === 'cancel') setAsking(name);
    else onAction({ action: name });
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h6" component="h2">
          Order {number}
        </Typography>
        <Button onClick={onClose}>Close</Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {formatDateTime(order.createdDate)}
      </Typography>
      <Stack direction="row" spacing={1}>
        <StatusChip order={order} />
        <PaymentChip order={order} named />
      </Stack>
      {error ? (
        <Alert severity="error">
          {errorMessage(error, 'The order could not be changed: reload and try again.')}
        </Alert>
      ) : null}
      {actions.length > 0 ? (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {actions.map((name) => (
            <Button
              key={name}
              variant={name === 'cancel' ? 'outlined' : 'contained'}
              color={name === 'cancel' ? 'error' : 'primary'}
              disabled={busy}
              onClick={() => handleAction(name)}
            >
              {ORDER_ACTION_LABELS[name]}
            </Button>
          ))}
        </Stack>
      ) : null}
      <Divider />
      <Section title="Buyer">
        <Typography>{order.customer.name}</Typography>
        <Typography>{order.customer.email}</Typography>
        {order.customer.phone ? <Typography>{order.customer.phone}</Typography> : null}
      </Section>
      <Section title="Delivery">
        <Typography>{DELIVERY_LABELS[order.deliveryMethod]}</Typography>
        {address ? (
          <Typography sx={{ whiteSpace: 'pre-line' }}>
            {[
              address.line1,
              address.line2,
              [address.postalCode, address.city].join(' '),
              address.region,
              address.country,
            ]
              .filter(Boolean)
              .join('\n')}
          </Typography>
        ) : null}
        {order.trackingNumber || order.carrier ? (
          <Typography>Tracking: {[order.carrier, order.trackingNumber].filter(Boolean).join(' ')}</Typography>
        ) : null}
      </Section>
      {order.note ? (
        <Section title="Note">
          <Typography sx={{ whiteSpace: 'pre-line' }}>{order.note}</Typography>
        </Section>
      ) : null}
      <Section title="Payment">
        <Typography>
          {PAYMENT_METHOD_LABELS[order.paymentMethod]}
          {order.paymentMethod === 'manual' && order.paymentInstructions
            ? ` — ${order.paymentInstructions}`
            : ''}
        </Typography>
      </Section>
      <Table size="small" aria-label="Order lines">
        <TableBody>
          {order.items.map((item) => (
            <TableRow key={`${item.productId ?? 'gone'}-${item.productName}-${item.price}`}>
              <TableCell>
                {item.quantity} × {item.productName}
              </TableCell>
              <TableCell align="right">{money(item.price * item.quantity)}</TableCell>
            </TableRow>
          ))}
          <TotalRow label="Subtotal" value={money(order.subtotal)} />
          <TotalRow label="Shipping" value={money(order.shipping)} />
          <TotalRow label={order.taxInclusive ? 'Tax (included)' : 'Tax'} value={money(order.tax)} />
          <TotalRow label="Total" value={money(order.total)} strong />
        </TableBody>
      </Table>
      <ShipOrderDialog
        open={asking === 'ship'}
        orderNumber={number}
        onCancel={() => setAsking(null)}
        onConfirm={(tracking) => {
          setAsking(null);
          onAction({ action: 'ship', ...tracking });
        }}
      />
      <CancelOrderDialog
        open={asking === 'cancel'}
        orderNumber={number}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          setAsking(null);
          onAction({ action: 'cancel' });
        }}
      />
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function TotalRow({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  const sx = strong ? { fontWeight: 700 } : {};
  return (
    <TableRow>
      <TableCell sx={sx}>{label}</TableCell>
      <TableCell align="right" sx={sx}>
        {value}
      </TableCell>
    </TableRow>
  );
}
