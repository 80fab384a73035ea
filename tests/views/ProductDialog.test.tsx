import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import type { Product } from '../../src/contracts/store.ts';
import { PRODUCT_NOT_FOUND_HERE } from '../../src/views/store/ProductsTab.tsx';
import { descriptionOf } from './queries.ts';
import { dashboardInput, dashboardRoutes, renderApp } from './renderApp.tsx';
import { bakery } from './storeFixtures.ts';

const slow = { timeout: 10_000 };

function routes(created: unknown[]) {
  return {
    ...dashboardRoutes(),
    'GET /api/ecommerce/stores': { body: [bakery] },
    'GET /api/ecommerce/orders/summary': { body: { needsAction: 0, latestOrderAt: null } },
    'GET /api/ecommerce/stores/bakery/products': { body: { results: [], totalCount: 0 } },
    'GET /api/ecommerce/categories': { body: [] },
    'POST /api/ecommerce/products': async (request: Request) => {
      const body = (await request.json()) as Omit<Product, 'id' | 'currency'>;
      created.push(body);
      return { status: 201, body: { ...body, id: 7, currency: 'USD' } };
    },
  };
}

const loaf: Product = {
  id: 7,
  storeId: 'bakery',
  name: 'Sourdough',
  code: '',
  price: 6.5,
  currency: 'USD',
  description: '',
  imageUrl: '',
  inventoryQuantity: 3,
  isActive: true,
  rating: 5,
  originalPrice: null,
  categoryId: null,
};

/** The store's products tab listing `loaf`, its PUT recorded in `saved`: the Edit Product dialog, opened. */
async function editLoaf(saved: unknown[], product: Product = loaf) {
  renderApp(
    { ...dashboardInput(), location: { pathname: '/store', search: '' } },
    {
      ...routes([]),
      'GET /api/ecommerce/stores/bakery/products': { body: { results: [product], totalCount: 1 } },
      'PUT /api/ecommerce/products/7': async (request: Request) => {
        const body = (await request.json()) as Product;
        saved.push(body);
        return { body: { ...product, ...body } };
      },
    },
  );
  const grid = await screen.findByRole('grid', { name: 'Products' }, slow);
  fireEvent.click(await within(grid).findByRole('button', { name: 'Edit Sourdough' }, slow));
  return within(await screen.findByRole('dialog', { name: 'Edit Product' }));
}

describe('Store › Products › Add Product', () => {
  test('a new product has no invented price or original price, and a price that cannot be one says why', async () => {
    const created: unknown[] = [];
    renderApp({ ...dashboardInput(), location: { pathname: '/store', search: '' } }, routes(created));
    fireEvent.click(await screen.findByRole('button', { name: 'Add Product' }, slow));
    const dialog = await screen.findByRole('dialog');
    const price = within(dialog).getByRole('spinbutton', { name: /^Price/ }) as HTMLInputElement;
    const original = within(dialog).getByRole('spinbutton', { name: 'Original Price' }) as HTMLInputElement;
    // Shoppers would otherwise see $99.99 with a struck-through $129.99 the owner never typed.
    expect([price.value, original.value]).toEqual(['', '']);
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), {
      target: { value: 'Baguette' },
    });
    fireEvent.change(price, { target: { value: '-5' } });
    expect(within(dialog).getByText('The price must be 0 or more').textContent).toBe(
      'The price must be 0 or more',
    );
    expect(save.hasAttribute('disabled')).toBe(true);

    fireEvent.change(price, { target: { value: '3.50' } });
    expect(within(dialog).queryByText('The price must be 0 or more')).toBeNull();
    fireEvent.click(save);
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({
      storeId: 'bakery',
      name: 'Baguette',
      price: 3.5,
      originalPrice: null,
    });
  }, 30_000);

  test('a click beside the dialog or Escape keeps the product being typed and says how to save or discard it; Cancel discards it', async () => {
    renderApp({ ...dashboardInput(), location: { pathname: '/store', search: '' } }, routes([]));
    fireEvent.click(await screen.findByRole('button', { name: 'Add Product' }, slow));
    const dialog = within(await screen.findByRole('dialog', { name: 'New Product' }));
    fireEvent.change(dialog.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Baguette' } });
    fireEvent.change(dialog.getByRole('spinbutton', { name: /^Price/ }), { target: { value: '3.50' } });

    const container = document.querySelector('.MuiDialog-container') as HTMLElement;
    fireEvent.mouseDown(container);
    fireEvent.click(container);
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'New Product' }), { key: 'Escape' });

    const still = within(screen.getByRole('dialog', { name: 'New Product' }));
    expect((still.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('Baguette');
    expect((still.getByRole('spinbutton', { name: /^Price/ }) as HTMLInputElement).value).toBe('3.50');
    expect(still.getByRole('alert').textContent).toBe(
      'This product is not saved: choose Save to keep it, or Cancel to throw it away.',
    );
    fireEvent.click(still.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Product' })).toBeNull());
  });

  test('Escape closes a product dialog nothing was changed in, a new one or an existing one', async () => {
    const dialog = await editLoaf([]);
    expect((dialog.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('Sourdough');
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Edit Product' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Product' })).toBeNull());

    fireEvent.click(await screen.findByRole('button', { name: 'Add Product' }, slow));
    fireEvent.keyDown(await screen.findByRole('dialog', { name: 'New Product' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Product' })).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
  }, 30_000);

  test('Edit Product: an uploaded image can be removed, and saving sends the product without it', async () => {
    const loaf: Product = {
      id: 7,
      storeId: 'bakery',
      name: 'Sourdough',
      code: '',
      price: 6.5,
      currency: 'USD',
      description: '',
      imageUrl: '/api/uploads/loaf.png',
      inventoryQuantity: 3,
      isActive: true,
      rating: 5,
      originalPrice: null,
      categoryId: null,
    };
    const saved: unknown[] = [];
    renderApp(
      { ...dashboardInput(), location: { pathname: '/store', search: '' } },
      {
        ...routes([]),
        'GET /api/ecommerce/stores/bakery/products': { body: { results: [loaf], totalCount: 1 } },
        'PUT /api/ecommerce/products/7': async (request: Request) => {
          const body = (await request.json()) as Product;
          saved.push(body);
          return { body: { ...loaf, ...body } };
        },
      },
    );
    const grid = await screen.findByRole('grid', { name: 'Products' }, slow);
    fireEvent.click(await within(grid).findByRole('button', { name: 'Edit Sourdough' }, slow));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Product' }));
    expect(dialog.getByRole('img', { name: 'Product' }).getAttribute('src')).toBe('/api/uploads/loaf.png');

    fireEvent.click(dialog.getByRole('button', { name: 'Remove image' }));

    expect(dialog.queryByRole('img', { name: 'Product' })).toBeNull();
    expect(dialog.queryByRole('button', { name: 'Remove image' })).toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ imageUrl: '' });
  });

  test('Edit Product sends only what the owner changed: stock sold and a price set elsewhere meanwhile stay', async () => {
    const saved: unknown[] = [];
    const dialog = await editLoaf(saved);
    fireEvent.change(dialog.getByLabelText('Description'), { target: { value: 'Baked at dawn' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ description: 'Baked at dawn' });
  });

  test('Edit Product: an emptied Stock or Rating, or a stock of 2.7, says what to enter under the field and saves nothing', async () => {
    const saved: unknown[] = [];
    const dialog = await editLoaf(saved);
    const save = dialog.getByRole('button', { name: 'Save' });
    const stock = dialog.getByRole('spinbutton', { name: 'Stock' });
    const rating = dialog.getByRole('spinbutton', { name: 'Rating' });

    fireEvent.change(stock, { target: { value: '' } });
    expect(
      dialog.getByRole('spinbutton', {
        name: 'Stock',
        description: 'Enter the stock: how many you have, 0 or more',
      }),
    ).toBe(stock);
    expect(save.hasAttribute('disabled')).toBe(true);

    fireEvent.change(stock, { target: { value: '2.7' } });
    expect(
      dialog.getByRole('spinbutton', { name: 'Stock', description: 'Stock must be a whole number, e.g. 3' }),
    ).toBe(stock);
    expect(save.hasAttribute('disabled')).toBe(true);

    fireEvent.change(stock, { target: { value: '2' } });
    fireEvent.change(rating, { target: { value: '' } });
    expect(
      dialog.getByRole('spinbutton', { name: 'Rating', description: 'Enter a rating from 0 to 5' }),
    ).toBe(rating);
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.click(save);
    expect(saved).toEqual([]);

    fireEvent.change(rating, { target: { value: '4' } });
    expect(dialog.queryByText('Enter a rating from 0 to 5')).toBeNull();
    fireEvent.click(save);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ inventoryQuantity: 2, rating: 4 });
  });

  test('Edit Product: an original price at or below the price is refused under the field, as it would read as a discount', async () => {
    const saved: unknown[] = [];
    const dialog = await editLoaf(saved);
    const save = dialog.getByRole('button', { name: 'Save' });
    const original = dialog.getByRole('spinbutton', { name: 'Original Price' });
    const message =
      'Enter an original price above the price, or leave it empty: it shows as the price before a discount';

    for (const value of ['6.5', '5']) {
      fireEvent.change(original, { target: { value } });
      expect(dialog.getByRole('spinbutton', { name: 'Original Price', description: message })).toBe(original);
      expect(save.hasAttribute('disabled')).toBe(true);
    }
    fireEvent.click(save);
    expect(saved).toEqual([]);

    fireEvent.change(original, { target: { value: '8' } });
    expect(dialog.queryByText(message)).toBeNull();
    fireEvent.click(save);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ originalPrice: 8 });
  });

  test('Edit Product: a negative original price is named as the original price, not the price', async () => {
    const saved: unknown[] = [];
    const dialog = await editLoaf(saved);
    const original = dialog.getByRole('spinbutton', { name: 'Original Price' });
    fireEvent.change(original, { target: { value: '-1' } });
    const message = 'The original price must be 0 or more, or leave it empty';
    expect(dialog.getByRole('spinbutton', { name: 'Original Price', description: message })).toBe(original);
    expect(dialog.queryByText('The price must be 0 or more')).toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(saved).toEqual([]);
  });

  test('Edit Product: a price of 6.555 is refused under the field, as the store settings refuse a third decimal', async () => {
    const saved: unknown[] = [];
    const dialog = await editLoaf(saved);
    const save = dialog.getByRole('button', { name: 'Save' });
    const price = dialog.getByRole('spinbutton', { name: /^Price/ });
    const original = dialog.getByRole('spinbutton', { name: 'Original Price' });

    fireEvent.change(price, { target: { value: '6.555' } });
    expect(
      dialog.getByRole('spinbutton', {
        name: /^Price/,
        description: 'Enter the price with at most 2 decimals (cents), e.g. 6.55',
      }),
    ).toBe(price);
    expect(save.hasAttribute('disabled')).toBe(true);

    fireEvent.change(price, { target: { value: '6.55' } });
    fireEvent.change(original, { target: { value: '8.999' } });
    expect(
      dialog.getByRole('spinbutton', {
        name: 'Original Price',
        description: 'Enter the original price with at most 2 decimals (cents), e.g. 8.99',
      }),
    ).toBe(original);
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.click(save);
    expect(saved).toEqual([]);

    fireEvent.change(original, { target: { value: '8.99' } });
    fireEvent.click(save);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ price: 6.55, originalPrice: 8.99 });
  });

  test('Edit Product: a rating of 4.55 is refused under the field, as the server refuses it (no silent 4.6)', async () => {
    const saved: unknown[] = [];
    const dialog = await editLoaf(saved);
    const save = dialog.getByRole('button', { name: 'Save' });
    const rating = dialog.getByRole('spinbutton', { name: 'Rating' });

    fireEvent.change(rating, { target: { value: '4.55' } });
    expect(
      dialog.getByRole('spinbutton', {
        name: 'Rating',
        description: 'Enter the rating with at most 1 decimal, e.g. 4.5',
      }),
    ).toBe(rating);
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.click(save);
    expect(saved).toEqual([]);

    fireEvent.change(rating, { target: { value: '4.5' } });
    expect(dialog.queryByText('Enter the rating with at most 1 decimal, e.g. 4.5')).toBeNull();
    fireEvent.click(save);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ rating: 4.5 });
  });

  test('each row’s Edit and Delete name its product for screen readers, and act on that product', async () => {
    const bun: Product = { ...loaf, id: 8, name: 'Cinnamon Bun' };
    const deleted: string[] = [];
    renderApp(
      { ...dashboardInput(), location: { pathname: '/store', search: '' } },
      {
        ...routes([]),
        'GET /api/ecommerce/stores/bakery/products': { body: { results: [loaf, bun], totalCount: 2 } },
        'DELETE /api/ecommerce/products/8': (request: Request) => {
          deleted.push(new URL(request.url).pathname);
          return { status: 204 };
        },
      },
    );
    const grid = within(await screen.findByRole('grid', { name: 'Products' }, slow));
    const editBun = await grid.findByRole('button', { name: 'Edit Cinnamon Bun' }, slow);
    // The visible words stay short; the accessible name tells the rows apart.
    expect(editBun.textContent).toBe('Edit');
    expect(grid.getByRole('button', { name: 'Delete Cinnamon Bun' }).textContent).toBe('Delete');
    expect(grid.getByRole('button', { name: 'Edit Sourdough' }).textContent).toBe('Edit');
    expect(grid.getByRole('button', { name: 'Delete Sourdough' }).textContent).toBe('Delete');

    fireEvent.click(editBun);
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Product' }));
    expect((dialog.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('Cinnamon Bun');
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Product' })).toBeNull());

    // Delete asks in the app's own dialog: Cancel keeps the product, Delete product deletes it.
    fireEvent.click(grid.getByRole('button', { name: 'Delete Cinnamon Bun' }));
    const asked = await screen.findByRole('dialog', { name: 'Delete this product?' });
    expect(descriptionOf(asked)).toBe('Delete Cinnamon Bun?');
    fireEvent.click(within(asked).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete this product?' })).toBeNull());
    expect(deleted).toEqual([]);
    fireEvent.click(grid.getByRole('button', { name: 'Delete Cinnamon Bun' }));
    const again = await screen.findByRole('dialog', { name: 'Delete this product?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Delete product' }));
    await waitFor(() => expect(deleted).toEqual(['/api/ecommerce/products/8']));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete this product?' })).toBeNull());
  });

  test('a category is deleted only after the in-app question; Escape keeps it', async () => {
    let deleted: string[] = [];
    renderApp(
      { ...dashboardInput(), location: { pathname: '/store', search: '' } },
      {
        ...routes([]),
        'GET /api/ecommerce/stores/bakery/products': { body: { results: [loaf], totalCount: 1 } },
        'GET /api/ecommerce/categories': () => ({
          body: deleted.length ? [] : [{ id: 3, storeId: 'bakery', name: 'Breads' }],
        }),
        'DELETE /api/ecommerce/categories/3': (request: Request) => {
          deleted = [...deleted, new URL(request.url).pathname];
          return { status: 204 };
        },
      },
    );
    const categories = within(await screen.findByRole('region', { name: 'Categories' }, slow));
    const chip = await categories.findByRole('button', { name: 'Breads' }, slow);
    // Delete (or Backspace) on the focused chip is its delete, as a click on its cross is.
    fireEvent.keyUp(chip, { key: 'Delete' });
    const asked = await screen.findByRole('dialog', { name: 'Delete this category?' });
    expect(descriptionOf(asked)).toBe('Delete the category Breads? Its products stay in the store.');
    fireEvent.keyDown(asked, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete this category?' })).toBeNull());
    expect(deleted).toEqual([]);

    fireEvent.keyUp(chip, { key: 'Delete' });
    const again = await screen.findByRole('dialog', { name: 'Delete this category?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Delete category' }));
    await waitFor(() => expect(categories.queryByRole('button', { name: 'Breads' })).toBeNull(), slow);
    expect(deleted).toEqual(['/api/ecommerce/categories/3']);
    expect(screen.queryByRole('dialog', { name: 'Delete this category?' })).toBeNull();
  });
});

describe('Store › Products › Upload Image', () => {
  test('a refused or unanswered upload says so in the words of spec §8, in the dialog alone', async () => {
    const answers = [
      () => ({ status: 413, body: { message: 'The image is larger than 5 MB' } }),
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => ({ body: { url: '/api/uploads/loaf.png' } }),
    ];
    const { system } = renderApp(
      { ...dashboardInput(), location: { pathname: '/store', search: '' } },
      { ...routes([]), 'POST /api/upload/image': () => answers.shift()?.() ?? { status: 500 } },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Add Product' }, slow));
    const dialog = within(await screen.findByRole('dialog', { name: 'New Product' }));
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'loaf.png', { type: 'image/png' });
    const choose = () =>
      fireEvent.change(dialog.getByLabelText('Upload Image'), { target: { files: [png] } });
    const shown = () => dialog.queryByRole('alert')?.textContent ?? null;
    const toastsRaised = () => system.actor.system.get('toasts')?.getSnapshot().context.nextId;
    const before = toastsRaised();

    choose();
    await waitFor(() => expect(shown()).toBe('Upload failed: The image is larger than 5 MB'));
    choose();
    await waitFor(() => expect(shown()).toBe('Upload error: Network or server issue'));
    choose();
    await waitFor(() =>
      expect(dialog.getByRole('img', { name: 'Product' }).getAttribute('src')).toBe('/api/uploads/loaf.png'),
    );
    expect(shown()).toBeNull();
    // Said in the dialog only: the uploads raised no toast (the toasts queue's counter did not move).
    expect(toastsRaised()).toBe(before);
  });
});

describe('Store › Products: a product’s editor has an address', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));
  const rye: Product = { ...loaf, id: 99, name: 'Rye', price: 5, inventoryQuantity: 12, isActive: false };
  /** The products tab at `search`, listing only `loaf`; rye (99) is found by its own address, 98 is gone. */
  function open(search: string, saved: unknown[] = []) {
    window.history.replaceState(null, '', `/store${search}`);
    const { requests, system } = renderApp(
      { ...dashboardInput(), location: { pathname: '/store', search } },
      {
        ...routes([]),
        'GET /api/ecommerce/stores/bakery/products': { body: { results: [loaf], totalCount: 2 } },
        'GET /api/ecommerce/stores/bakery/products/99': { body: rye },
        'GET /api/ecommerce/stores/bakery/products/98': {
          status: 404,
          body: { message: 'Product not found' },
        },
        'PUT /api/ecommerce/products/99': async (request: Request) => {
          const body = (await request.json()) as Partial<Product>;
          saved.push(body);
          return { body: { ...rye, ...body } };
        },
      },
    );
    return { requests, system };
  }
  const address = () => window.location.pathname + window.location.search;

  test('Edit puts the product in the address and Cancel takes it out; Back opens it again', async () => {
    open('');
    const grid = await screen.findByRole('grid', { name: 'Products' }, slow);
    fireEvent.click(await within(grid).findByRole('button', { name: 'Edit Sourdough' }, slow));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Product' }));
    expect((dialog.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('Sourdough');
    expect(address()).toBe('/store?product=7');

    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(address()).toBe('/store');

    window.history.back();
    const again = within(await screen.findByRole('dialog', { name: 'Edit Product' }, slow));
    expect((again.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('Sourdough');
  });

  test('a reload of a product the page does not hold opens it, inactive as it is, and saves only what changed', async () => {
    const saved: unknown[] = [];
    open('?product=99', saved);
    // While it loads, the editor says so; then the product's own editor takes its place.
    const name = (await screen.findByRole('textbox', { name: /^Name/ }, slow)) as HTMLInputElement;
    expect(name.value).toBe('Rye');
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Product' }));
    expect((dialog.getByRole('spinbutton', { name: /^Stock/ }) as HTMLInputElement).value).toBe('12');
    fireEvent.change(dialog.getByRole('spinbutton', { name: /^Price/ }), { target: { value: '5.5' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(saved).toEqual([{ price: 5.5 }]);
    expect(address()).toBe('/store');
  });

  test('the address of a product that is gone says so, and Close goes back to the list', async () => {
    const { system } = open('?product=98');
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Product' }, slow));
    await waitFor(() => expect(dialog.getByRole('status').textContent).toBe(PRODUCT_NOT_FOUND_HERE));
    // Said there alone: the http client raised no toast (the queue's counter never moved).
    expect(system.actor.system.get('toasts')?.getSnapshot().context.nextId).toBe(1);
    fireEvent.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(address()).toBe('/store'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('the products search and page are in the address: a reload shows the same rows, Back the page before', async () => {
    const { requests } = open('?q=rye&page=3');
    const asked = (r: Request) => {
      const url = new URL(r.url);
      return url.pathname === '/api/ecommerce/stores/bakery/products' ? url.searchParams : null;
    };
    const box = (await screen.findByRole('textbox', { name: 'Search products' }, slow)) as HTMLInputElement;
    expect(box.value).toBe('rye');
    await waitFor(() =>
      expect(requests.map(asked).filter(Boolean)[0]?.toString()).toBe('skip=40&take=20&searchTerm=rye'),
    );

    // A search typed is written once the typing pauses, as a replacement, and starts again at the first page.
    fireEvent.change(box, { target: { value: 'sour' } });
    await waitFor(() => expect(address()).toBe('/store?q=sour'), slow);
    await waitFor(() =>
      expect(requests.map(asked).some((q) => q?.toString() === 'skip=0&take=20&searchTerm=sour')).toBe(true),
    );
    // A page size chosen is a Back step; Back shows the rows before it.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Rows per page:' }));
    fireEvent.click(await screen.findByRole('option', { name: '50' }));
    await waitFor(() => expect(address()).toBe('/store?q=sour&size=50'));
    await waitFor(() =>
      expect(requests.map(asked).some((q) => q?.toString() === 'skip=0&take=50&searchTerm=sour')).toBe(true),
    );
    window.history.back();
    await waitFor(() => expect(address()).toBe('/store?q=sour'));
    expect((screen.getByRole('textbox', { name: 'Search products' }) as HTMLInputElement).value).toBe('sour');
  });

  test('another tab starts without the products search (Back returns to it)', async () => {
    open('?q=rye');
    await screen.findByRole('grid', { name: 'Products' }, slow);
    fireEvent.click(screen.getByRole('tab', { name: 'Orders' }));
    await waitFor(() => expect(address()).toBe('/store/orders'));
    expect(
      ((await screen.findByRole('searchbox', { name: 'Search orders' }, slow)) as HTMLInputElement).value,
    ).toBe('');
    window.history.back();
    await waitFor(() => expect(address()).toBe('/store?q=rye'));
    expect(
      ((await screen.findByRole('textbox', { name: 'Search products' }, slow)) as HTMLInputElement).value,
    ).toBe('rye');
  });

  test('?product=new opens a new product', async () => {
    open('?product=new');
    const dialog = within(await screen.findByRole('dialog', { name: 'New Product' }, slow));
    expect((dialog.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('');
  });
});
