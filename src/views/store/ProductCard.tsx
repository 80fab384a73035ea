import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import MenuItem from '@mui/material/MenuItem';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { clampRating, clampStock, formatMoney, type Product } from '../../services/storeTypes.ts';

/** Spec §9: product cards are 280 px wide. */
export const PRODUCT_CARD_WIDTH = 280;
// A select of 1..stock; very large stocks are capped so the menu stays usable.
const MAX_CHOICES = 99;

type Props = { product: Product; disabled?: boolean; onAdd: (productId: number, quantity: number) => void };

/** A storefront product card: rating stars, the original price struck, 'Out of stock' with adding disabled. */
export function ProductCard({ product, disabled = false, onAdd }: Props) {
  const stock = clampStock(product.inventoryQuantity);
  const [quantity, setQuantity] = useState(1);
  const outOfStock = stock === 0;
  const choices = Array.from({ length: Math.min(stock, MAX_CHOICES) }, (_, index) => index + 1);
  const handleAdd = () => onAdd(product.id, Math.min(quantity, Math.max(stock, 1)));
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
          select
          size="small"
          label="Qty"
          value={outOfStock ? '' : String(quantity)}
          disabled={outOfStock || disabled}
          onChange={(event) => setQuantity(Number(event.target.value))}
          sx={{ width: 80 }}
        >
          {choices.map((choice) => (
            <MenuItem key={choice} value={String(choice)}>
              {choice}
            </MenuItem>
          ))}
        </TextField>
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
