import TextField from '@mui/material/TextField';
import { type KeyboardEvent, useState } from 'react';
import type { CartItem } from '../../contracts/store.ts';

type Props = {
  item: CartItem;
  /** The product's stock as the storefront last read it (null: not known here, the server decides). */
  stock: number | null;
  busy: boolean;
  onQuantity: (itemId: number, quantity: number) => void;
};

/** The quantity typed, if it is one the line may take (spec §5: a whole number from 1 to the stock). */
function validQuantity(typed: string, stock: number | null): number | null {
  if (!/^\s*\d+\s*$/.test(typed)) return null;
  const quantity = Number(typed);
  return quantity >= 1 && (stock === null || quantity <= stock) ? quantity : null;
}

/**
 * A cart line's Qty: what is typed stays in the field and is applied on Enter or when the field is left,
 * once, and only as a whole number from 1 to the stock. An empty or invalid field applies nothing (left, it
 * shows the line's quantity again): removing a line is the Remove button's job, never a keystroke's.
 */
export function CartQuantityField({ item, stock, busy, onQuantity }: Props) {
  // null: not being edited, the field shows the line's quantity.
  const [typed, setTyped] = useState<string | null>(null);
  // Once the cart has answered a change, the field shows the line as the cart now has it.
  const [wasBusy, setWasBusy] = useState(busy);
  if (busy !== wasBusy) {
    setWasBusy(busy);
    if (!busy) setTyped(null);
  }
  const quantity = typed === null ? null : validQuantity(typed, stock);
  const invalid = typed !== null && quantity === null;

  /** Applies a valid, changed quantity (once: the field is disabled until the cart answers); anything else is dropped. */
  const commit = () => {
    if (typed === null || busy) return;
    if (quantity !== null && quantity !== item.quantity) onQuantity(item.id, quantity);
    // Kept while the change runs (the cart's answer shows the line again); otherwise back to the line.
    else setTyped(null);
  };
  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    // Enter on an invalid quantity keeps it in the field, marked, to be corrected.
    if (!invalid) commit();
  };

  return (
    <TextField
      type="number"
      size="small"
      label="Qty"
      value={typed ?? String(item.quantity)}
      disabled={busy}
      error={invalid}
      helperText={stock === null ? undefined : stock > 0 ? `1–${stock}` : 'Out of stock'}
      onChange={(event) => setTyped(event.target.value)}
      onBlur={commit}
      onKeyDown={handleKeyDown}
      slotProps={{
        htmlInput: {
          'aria-label': `Quantity of ${item.productName}`,
          min: 1,
          ...(stock === null ? {} : { max: stock }),
          step: 1,
          inputMode: 'numeric',
        },
      }}
      sx={{ width: 80, mr: 9 }}
    />
  );
}
