import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PRODUCT_PAGE_SIZE, productsShownText } from '../../contracts/store.ts';
import type { ProductsPaging } from '../../machines/store/cartMachine.ts';

type Props = { paging: ProductsPaging; onMore: () => void };

/**
 * Under the product cards of a catalogue longer than one page: 'Showing 20 of 45 products' and 'Load more',
 * which adds the next page (the published shop's grid says and does the same: storefrontMore.ts).
 */
export function LoadMoreProducts({ paging, onMore }: Props) {
  if (paging.total <= PRODUCT_PAGE_SIZE && !paging.hasMore) return null;
  return (
    <Stack spacing={1} sx={{ alignItems: 'center' }}>
      <Typography color="text.secondary" role="status">
        {productsShownText(paging.shown, paging.total)}
      </Typography>
      {paging.error ? <Alert severity="error">{paging.error}</Alert> : null}
      {paging.hasMore ? (
        <Button variant="outlined" onClick={onMore} disabled={paging.loadingMore}>
          {paging.loadingMore ? 'Loading more…' : 'Load more'}
        </Button>
      ) : null}
    </Stack>
  );
}
