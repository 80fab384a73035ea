import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Drawer from '@mui/material/Drawer';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { shallowEqual, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { clampStock } from '../../contracts/store.ts';
import type { CartActorRef } from '../../machines/app/appMachine.ts';
import { selectCartRef } from '../../machines/app/appSelectors.ts';
import {
  selectCanCheckout,
  selectCart,
  selectCartBusy,
  selectCartCount,
  selectCartError,
  selectCartNotice,
  selectCartOpen,
  selectCategoryFilter,
  selectCheckoutStep,
  selectProducts,
  selectProductsError,
  selectProductsLoading,
  selectProductsPaging,
} from '../../machines/store/cartMachine.ts';
import { useCategories } from '../../services/store/storeQueries.ts';
import { useAppActor } from '../appActorContext.ts';
import { CartPanel } from './CartPanel.tsx';
import { CheckoutPanel } from './CheckoutPanel.tsx';
import { LoadMoreProducts } from './LoadMoreProducts.tsx';
import { ProductCard } from './ProductCard.tsx';

type Props = { storeId: string };

/**
 * A store as shoppers see it: category filters, product cards, 'Cart (n)' and the cart as a sidebar or a dropdown.
 * While it shows, the app runs the store's cart (systemId `cart`); it says so when it opens and closes.
 */
export function Storefront({ storeId }: Props) {
  const app = useAppActor();
  const cartRef = useSelector(app, selectCartRef);
  useEffect(() => {
    app.send({ type: 'storefront.open', storeId });
    return () => app.send({ type: 'storefront.close' });
  }, [app, storeId]);
  if (!cartRef) return <CircularProgress aria-label="Loading products" />;
  return <StorefrontShelves storeId={storeId} cartRef={cartRef} />;
}

function StorefrontShelves({ storeId, cartRef }: Props & { cartRef: CartActorRef }) {
  const products = useSelector(cartRef, selectProducts);
  const productsError = useSelector(cartRef, selectProductsError);
  const loading = useSelector(cartRef, selectProductsLoading);
  const paging = useSelector(cartRef, selectProductsPaging, shallowEqual);
  const cart = useSelector(cartRef, selectCart);
  const count = useSelector(cartRef, selectCartCount);
  const cartError = useSelector(cartRef, selectCartError);
  const notice = useSelector(cartRef, selectCartNotice);
  const isOpen = useSelector(cartRef, selectCartOpen);
  const busy = useSelector(cartRef, selectCartBusy);
  const canCheckout = useSelector(cartRef, selectCanCheckout);
  const categoryId = useSelector(cartRef, selectCategoryFilter);
  const categories = useCategories(storeId).data ?? [];
  const [variant, setVariant] = useState<'sidebar' | 'dropdown'>('sidebar');
  const anchor = useRef<HTMLButtonElement>(null);

  const step = useSelector(cartRef, selectCheckoutStep);
  const panel =
    step !== 'cart' ? (
      <CheckoutPanel cartRef={cartRef} />
    ) : (
      <CartPanel
        cart={cart}
        variant={variant}
        busy={busy}
        canCheckout={canCheckout}
        notice={notice}
        stockOf={(productId) => {
          const product = products.find((shown) => shown.id === productId);
          return product ? clampStock(product.inventoryQuantity) : null;
        }}
        onDismiss={() => cartRef.send({ type: 'cart.dismiss' })}
        onQuantity={(itemId, quantity) => cartRef.send({ type: 'cart.setQuantity', itemId, quantity })}
        onRemove={(itemId) => cartRef.send({ type: 'cart.remove', itemId })}
        onCheckout={() => cartRef.send({ type: 'cart.checkout' })}
      />
    );
  const handleClose = () => cartRef.send({ type: 'cart.close' });

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'flex-end' }}>
        {categories.length > 0 ? (
          <ToggleButtonGroup
            size="small"
            exclusive
            value={categoryId ?? 'all'}
            onChange={(_, value: number | 'all' | null) =>
              value !== null &&
              cartRef.send({ type: 'cart.filter', categoryId: value === 'all' ? null : value })
            }
            aria-label="Categories"
            sx={{ mr: 'auto', flexWrap: 'wrap' }}
          >
            <ToggleButton value="all">All</ToggleButton>
            {categories.map((category) => (
              <ToggleButton key={category.id} value={category.id}>
                {category.name}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        ) : null}
        <ToggleButtonGroup
          size="small"
          exclusive
          value={variant}
          onChange={(_, value: 'sidebar' | 'dropdown' | null) => value && setVariant(value)}
          aria-label="Cart style"
        >
          <ToggleButton value="sidebar">Sidebar</ToggleButton>
          <ToggleButton value="dropdown">Dropdown</ToggleButton>
        </ToggleButtonGroup>
        <Button
          ref={anchor}
          variant="outlined"
          startIcon={<ShoppingCartIcon />}
          onClick={() => cartRef.send({ type: 'cart.toggle' })}
        >
          Cart ({count})
        </Button>
      </Stack>
      {/* The open cart shows its messages itself (a page alert would sit behind its backdrop), as the
          confirmation says its own. */}
      {notice && !isOpen && step !== 'confirmed' ? (
        <Alert severity={notice.severity} onClose={() => cartRef.send({ type: 'cart.dismiss' })}>
          {notice.text}
        </Alert>
      ) : null}
      {cartError ? <Alert severity="warning">{cartError}</Alert> : null}
      {productsError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => cartRef.send({ type: 'cart.retry' })}>
              Retry
            </Button>
          }
        >
          {productsError}
        </Alert>
      ) : null}
      {loading ? <CircularProgress aria-label="Loading products" /> : null}
      {!loading && products.length === 0 ? <Typography>No products found</Typography> : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        {products.map((product) => (
          <ProductCard
            key={product.id}
            product={product}
            // While the cart answers a change, another add would be dropped by the cart: not offered.
            disabled={productsError !== null || busy}
            onAdd={(productId, quantity) => cartRef.send({ type: 'cart.add', productId, quantity })}
          />
        ))}
      </Box>
      {loading ? null : (
        <LoadMoreProducts paging={paging} onMore={() => cartRef.send({ type: 'cart.more' })} />
      )}
      {variant === 'sidebar' ? (
        <Drawer anchor="right" open={isOpen} onClose={handleClose}>
          {panel}
        </Drawer>
      ) : (
        <Popover
          open={isOpen}
          anchorEl={anchor.current}
          onClose={handleClose}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        >
          {panel}
        </Popover>
      )}
    </Stack>
  );
}
