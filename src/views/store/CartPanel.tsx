import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type Cart, formatMoney } from '../../contracts/store.ts';

/** Spec §9: the dropdown variant is 320 px wide, its list at most 300 px high. */
export const CART_DROPDOWN_WIDTH = 320;
export const CART_LIST_MAX_HEIGHT = 300;

type Props = {
  cart: Cart;
  variant: 'sidebar' | 'dropdown';
  busy: boolean;
  canCheckout: boolean;
  onQuantity: (itemId: number, quantity: number) => void;
  onRemove: (itemId: number) => void;
  onCheckout: () => void;
};

/** The cart's content: the sidebar ('Your cart is empty', Remove, Total, Checkout) or the dropdown. */
export function CartPanel({ cart, variant, busy, canCheckout, onQuantity, onRemove, onCheckout }: Props) {
  const dropdown = variant === 'dropdown';
  return (
    <Stack spacing={1} sx={{ p: 2, width: dropdown ? CART_DROPDOWN_WIDTH : 360, boxSizing: 'border-box' }}>
      <Typography variant="h6" component="h2">
        {dropdown ? 'Shopping Cart' : 'Your Cart'}
      </Typography>
      {cart.items.length === 0 ? (
        <Typography color="text.secondary">Your cart is empty</Typography>
      ) : (
        <List dense sx={dropdown ? { maxHeight: CART_LIST_MAX_HEIGHT, overflowY: 'auto' } : undefined}>
          {cart.items.map((item) => (
            <ListItem
              key={item.id}
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
              <TextField
                type="number"
                size="small"
                label="Qty"
                value={item.quantity}
                disabled={busy}
                onChange={(event) => onQuantity(item.id, Math.floor(Number(event.target.value)))}
                slotProps={{ htmlInput: { 'aria-label': `Quantity of ${item.productName}` } }}
                sx={{ width: 72, mr: 9 }}
              />
            </ListItem>
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
