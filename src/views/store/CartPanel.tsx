import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { type Cart, formatMoney } from '../../contracts/store.ts';
import type { CartNotice } from '../../machines/store/cartMachine.ts';
import { CartQuantityField } from './CartQuantityField.tsx';

/** Spec §9: the dropdown variant is 320 px wide, its list at most 300 px high. */
export const CART_DROPDOWN_WIDTH = 320;
export const CART_LIST_MAX_HEIGHT = 300;

type Props = {
  cart: Cart;
  variant: 'sidebar' | 'dropdown';
  busy: boolean;
  canCheckout: boolean;
  /** The cart's last message (a refused change): shown here, in front of the page it would hide behind. */
  notice: CartNotice | null;
  /** A product's stock as the storefront last read it (null: not among the products shown). */
  stockOf: (productId: number) => number | null;
  onDismiss: () => void;
  onQuantity: (itemId: number, quantity: number) => void;
  onRemove: (itemId: number) => void;
  onCheckout: () => void;
};

/** The cart's content: the sidebar ('Your cart is empty', Remove, Total, Checkout) or the dropdown. */
export function CartPanel({
  cart,
  variant,
  busy,
  canCheckout,
  notice,
  stockOf,
  onDismiss,
  onQuantity,
  onRemove,
  onCheckout,
}: Props) {
  const dropdown = variant === 'dropdown';
  // A line's message goes beside its line; any other (an add refused) above the lines.
  const lineOfNotice =
    notice?.itemId !== undefined && cart.items.some((item) => item.id === notice.itemId)
      ? notice.itemId
      : null;
  const noticeAlert = notice ? (
    <Alert severity={notice.severity} onClose={onDismiss}>
      {notice.text}
    </Alert>
  ) : null;
  return (
    <Stack spacing={1} sx={{ p: 2, width: dropdown ? CART_DROPDOWN_WIDTH : 360, boxSizing: 'border-box' }}>
      <Typography variant="h6" component="h2">
        {dropdown ? 'Shopping Cart' : 'Your Cart'}
      </Typography>
      {lineOfNotice === null ? noticeAlert : null}
      {cart.items.length === 0 ? (
        <Typography color="text.secondary">Your cart is empty</Typography>
      ) : (
        <List dense sx={dropdown ? { maxHeight: CART_LIST_MAX_HEIGHT, overflowY: 'auto' } : undefined}>
          {cart.items.map((item) => (
            <Fragment key={item.id}>
              <ListItem
                disableGutters
                secondaryAction={
                  <Button size="small" color="error" disabled={busy} onClick={() => onRemove(item.id)}>
                    Remove
                  </Button>
                }
              >
                <ListItemText
                  primary={item.productName}
                  secondary={
                    <>
                      {`${formatMoney(item.price, cart.currency)} × ${item.quantity} = ${formatMoney(item.total, cart.currency)}`}
                      {item.problem ? (
                        <Typography component="span" variant="body2" color="error" sx={{ display: 'block' }}>
                          {item.problem}
                        </Typography>
                      ) : null}
                    </>
                  }
                />
                <CartQuantityField
                  item={item}
                  stock={stockOf(item.productId)}
                  busy={busy}
                  onQuantity={onQuantity}
                />
              </ListItem>
              {lineOfNotice === item.id ? (
                <ListItem disableGutters sx={{ pt: 0, display: 'block' }}>
                  {noticeAlert}
                </ListItem>
              ) : null}
            </Fragment>
          ))}
        </List>
      )}
      <Divider />
      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        <Typography>Total</Typography>
        <Typography sx={{ fontWeight: 'bold' }} aria-label="Cart total">
          {formatMoney(cart.total, cart.currency)}
        </Typography>
      </Stack>
      <Button variant="contained" disabled={!canCheckout || busy} onClick={onCheckout}>
        Checkout
      </Button>
    </Stack>
  );
}
