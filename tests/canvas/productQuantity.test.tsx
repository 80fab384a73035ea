import { render } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { ProductCardView } from '../../src/canvas/elements/product-card/productCardElement.tsx';
import { bindAdd, buildProductCard, quantityOf } from '../../src/canvas/published/storefrontDom.ts';
import type { Product } from '../../src/contracts/store.ts';

const product = (inventoryQuantity: number): Product => ({
  id: 3,
  storeId: 'default-store',
  name: 'Flour',
  code: '',
  price: 2,
  currency: 'USD',
  description: '',
  imageUrl: '',
  inventoryQuantity,
  isActive: true,
  rating: 4,
  originalPrice: null,
  categoryId: null,
});

// Spec §5: the quantity selector allows a minimum of 1 and a maximum of the stock, whatever the stock.
test('the builder card: a select of 1..stock when small, a number input up to the stock when large', () => {
  const small = render(<ProductCardView props={{ inventoryQuantity: 5 }} />);
  const select = small.getByLabelText('Quantity') as HTMLSelectElement;
  expect([...select.options].map((o) => o.value)).toEqual(['1', '2', '3', '4', '5']);
  small.unmount();
  const large = render(<ProductCardView props={{ inventoryQuantity: 500 }} />);
  const input = large.getByLabelText('Quantity') as HTMLInputElement;
  expect([input.type, input.min, input.max, input.value]).toEqual(['number', '1', '500', '1']);
});

test('the published card adds any quantity up to the stock, clamped to 1..stock', () => {
  const onAdd = vi.fn();
  const card = buildProductCard(document, product(300), onAdd);
  const input = card.querySelector('input[data-store-quantity]') as HTMLInputElement;
  expect(input.max).toBe('300');
  const button = card.querySelector('[data-store-action="add"]') as HTMLButtonElement;
  for (const [typed, added] of [
    ['250', 250],
    ['9999', 300],
    ['0', 1],
    ['', 1],
  ] as const) {
    input.value = typed;
    button.click();
    expect(onAdd, typed).toHaveBeenLastCalledWith(3, added);
  }
  const small = buildProductCard(document, product(4), null);
  expect(small.querySelectorAll('option')).toHaveLength(4);
  expect(quantityOf(small)).toBe(1);
  // Server-rendered cards (the builder's markup) bind the same way.
  const { container } = render(<ProductCardView props={{ inventoryQuantity: 150, productId: 3 }} />);
  const rendered = container.querySelector('[data-product-card]') as HTMLElement;
  const field = rendered.querySelector('input') as HTMLInputElement;
  field.value = '149';
  bindAdd(rendered, rendered.querySelector('button') as HTMLButtonElement, onAdd);
  (rendered.querySelector('button') as HTMLButtonElement).click();
  expect(onAdd).toHaveBeenLastCalledWith(3, 149);
});
