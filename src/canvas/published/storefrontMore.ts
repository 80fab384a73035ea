import { PRODUCT_PAGE_SIZE, productsShownText } from '../../contracts/store.ts';
import type { ProductsPaging } from '../../machines/store/cartMachine.ts';
import { el } from './storefrontDom.ts';

/**
 * Under a published grid whose catalogue is longer than one page: 'Showing 20 of 45 products' and 'Load more'
 * (the dashboard's storefront says the same: LoadMoreProducts.tsx). Built once, then updated, so the button keeps
 * the keyboard's focus while the next page loads.
 */
export function buildMoreBar(grid: Element, onMore: () => void): (paging: ProductsPaging) => void {
  const doc = grid.ownerDocument;
  const bar = el(doc, 'div', { 'data-store-more': '', style: 'text-align:center;margin-top:12px' });
  const count = el(doc, 'p', { role: 'status', class: 'bz-hint' });
  const failure = el(doc, 'p', { role: 'alert', class: 'bz-err' });
  const more = el(doc, 'button', { type: 'button', 'data-store-action': 'more' }, 'Load more');
  more.addEventListener('click', onMore);
  bar.append(count, failure, more);
  grid.classList.add('bz-store');
  const list = grid.querySelector('[data-store-products]');
  if (list) list.after(bar);
  else grid.append(bar);
  return (paging) => {
    bar.hidden = paging.total <= PRODUCT_PAGE_SIZE && !paging.hasMore;
    count.textContent = productsShownText(paging.shown, paging.total);
    failure.textContent = paging.error ?? '';
    failure.hidden = paging.error === null;
    more.hidden = !paging.hasMore;
    more.disabled = paging.loadingMore;
    more.textContent = paging.loadingMore ? 'Loading more…' : 'Load more';
  };
}
