import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import type { Product } from '../../src/contracts/store.ts';
import { Themed } from '../../src/views/App.tsx';
import { ProductCard } from '../../src/views/store/ProductCard.tsx';

const product = (inventoryQuantity: number): Product => ({
  id: 7,
  storeId: 'default-store',
  name: 'Flour sack',
  code: 'F1',
  price: 3,
  currency: 'USD',
  description: '',
  imageUrl: '',
  inventoryQuantity,
  isActive: true,
  rating: 5,
  originalPrice: null,
  categoryId: null,
});

function renderCard(stock: number) {
  const onAdd = vi.fn();
  render(
    <Themed>
      <ProductCard product={product(stock)} onAdd={onAdd} />
    </Themed>,
  );
  const qty = screen.getByLabelText('Qty') as HTMLInputElement;
  const add = screen.getByRole('button', { name: 'Add to Cart' }) as HTMLButtonElement;
  return { onAdd, qty, add };
}

describe('product card quantity (spec §5: a minimum of 1 and a maximum of the stock)', () => {
  test('any quantity up to the stock, far beyond 99', () => {
    const { onAdd, qty, add } = renderCard(250);
    expect(qty.type).toBe('number');
    expect([qty.min, qty.max]).toEqual(['1', '250']);
    fireEvent.change(qty, { target: { value: '180' } });
    fireEvent.click(add);
    expect(onAdd).toHaveBeenLastCalledWith(7, 180);
    fireEvent.change(qty, { target: { value: '250' } });
    fireEvent.click(add);
    expect(onAdd).toHaveBeenLastCalledWith(7, 250);
  });

  test('clamped to 1..stock: more than the stock, zero, negatives, fractions and blanks', () => {
    const { onAdd, qty, add } = renderCard(12);
    for (const [typed, added] of [
      ['40', 12],
      ['0', 1],
      ['-3', 1],
      ['2.7', 2],
      ['', 1],
    ] as const) {
      fireEvent.change(qty, { target: { value: typed } });
      fireEvent.click(add);
      expect(onAdd, typed).toHaveBeenLastCalledWith(7, added);
      // The box then shows what was added.
      expect(qty.value).toBe(String(added));
    }
    fireEvent.change(qty, { target: { value: '99' } });
    fireEvent.blur(qty);
    expect(qty.value).toBe('12');
  });

  test("stock 0 says 'Out of stock' and disables adding", () => {
    const { onAdd, qty, add } = renderCard(0);
    expect(screen.getByText(/stock/i).textContent).toBe('Out of stock');
    expect(qty.disabled).toBe(true);
    expect(add.disabled).toBe(true);
    fireEvent.click(add);
    expect(onAdd).not.toHaveBeenCalled();
  });
});
