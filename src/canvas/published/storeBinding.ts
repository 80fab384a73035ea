import { DEFAULT_STORE_ID } from '../elements/constants.ts';
import type { SpecElement, SpecPage } from '../pagesData.ts';

const STORE_ELEMENTS = new Set(['product-grid', 'product-card', 'shopping-cart']);

/** The store a store element shows (the element's default when it names none). */
export function storeOfElement(element: SpecElement): string | null {
  if (!STORE_ELEMENTS.has(element.type)) return null;
  const value = (element as Record<string, unknown>).storeId;
  return typeof value === 'string' && value !== '' ? value : DEFAULT_STORE_ID;
}

function keep(elements: SpecElement[], own: ReadonlySet<string>): SpecElement[] {
  return elements.flatMap((element) => {
    const store = storeOfElement(element);
    if (store !== null && !own.has(store)) return [];
    return [{ ...element, children: keep(element.children, own) }];
  });
}

/**
 * The pages as visitors get them: product grids, cards and carts bound to a store that is not one of the
 * site's account (none yet, deleted, or another business's) are left out, so a visitor never sees
 * another shop's products, a broken grid or anything to buy that the owner does not sell.
 */
export function withoutForeignStores(pages: SpecPage[], ownStoreIds: ReadonlySet<string>): SpecPage[] {
  return pages.map((page) => ({ ...page, elements: keep(page.elements, ownStoreIds) }));
}
