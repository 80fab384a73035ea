import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { clampQuantity, clampRating, clampStock, formatMoney, type Product } from '../../contracts/store.ts';

/** Spec §9: product cards are 280 px wide. */
export const PRODUCT_CARD_WIDTH = 280;

type Props = { product: Product; disabled?: boolean; onAdd: (productId: number, quantity: number) => void };

/** A storefront product card: rating stars, the original price struck, 'Out of stock' with adding disabled. */
export function ProductCard({ product, disabled = false, onAdd }: Props) {
  const stock = clampStock(product.inventoryQuantity);
  // What the shopper typed; what is added is always a whole number in 1..stock (spec §5).
  const [typed, setTyped] = useState('1');
  const outOfStock = stock === 0;
  const quantity = clampQuantity(Number(typed), stock);
  const handleAdd = () => {
    setTyped(String(quantity));
    onAdd(product.id, quantity);
  };
  return (
    <Card
      sx={{ width: PRODUCT_CARD_WIDTH, display: 'flex', flexDirection: 'column' }}
      aria-label={product.name}
    >
      {product.imageUrl ? (
        <CardMedia component="img" height="180" image={product.imageUrl} alt={product.name} />
      ) : (
        <CardMedia sx={{ height: 180, bgcolor: 'grey.200' }} />
      )}
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="h6" component="h3">
          {product.name}
        </Typography>
        <Rating value={Math.max(1, Math.round(clampRating(product.rating)))} readOnly size="small" />
        <Typography variant="body2" color="text.secondary">
          {product.description}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', mt: 1 }}>
          <Typography variant="h6" component="span">
            {formatMoney(product.price, product.currency)}
          </Typography>
          {product.originalPrice !== null && product.originalPrice > product.price ? (
            <Typography component="s" color="text.secondary" aria-label="Original price">
              {formatMoney(product.originalPrice, product.currency)}
            </Typography>
          ) : null}
        </Stack>
        {outOfStock ? (
          <Typography color="error" variant="body2">
            Out of stock
          </Typography>
        ) : null}
      </CardContent>
      <CardActions>
        <TextField
          type="number"
          size="small"
          label="Qty"
          value={outOfStock ? '' : typed}
          disabled={outOfStock || disabled}
          onChange={(event) => setTyped(event.target.value)}
          onBlur={() => setTyped(String(quantity))}
          slotProps={{ htmlInput: { min: 1, max: stock, step: 1, inputMode: 'numeric' } }}
          helperText={outOfStock ? undefined : `1–${stock}`}
          sx={{ width: 96 }}
        />
        <Button
          variant="contained"
          disabled={outOfStock || disabled}
          onClick={handleAdd}
          sx={{ flexGrow: 1 }}
        >
          Add to Cart
        </Button>
      </CardActions>
    </Card>
  );
}
