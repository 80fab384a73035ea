import { expect, test } from 'vitest';
import { createStoreClient, StoreApiError } from '../../src/services/store/storeClient.ts';

type Seen = { url: string; method: string; headers: Record<string, string>; body: unknown };

function fakeFetch(answer: Response | Error | (() => Response), seen: Seen[]): typeof fetch {
  return async (input, init) => {
    seen.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    if (answer instanceof Error) throw answer;
    return typeof answer === 'function' ? answer() : answer;
  };
}

test('calls the spec’s store paths on the configured base, without authentication', async () => {
  const seen: Seen[] = [];
  const client = createStoreClient(
    'https://shop.example/',
    fakeFetch(Response.json({ results: [], totalCount: 0 }), seen),
  );
  await client.listProducts({ storeId: 'default-store', searchTerm: 'bread' });
  expect(seen[0]?.url).toBe(
    'https://shop.example/api/ecommerce/products?storeId=default-store&skip=0&take=20&searchTerm=bread',
  );
  expect(seen[0]?.headers).not.toHaveProperty('authorization');
});

test('checkout sends the idempotency key; items default to the quantity given', async () => {
  const seen: Seen[] = [];
  const client = createStoreClient(
    'https://shop.example',
    fakeFetch(() => Response.json({}), seen),
  );
  const input = {
    cartId: 'c'.repeat(32),
    customer: { name: 'Ana', email: 'ana@example.com' },
    deliveryMethod: 'pickup' as const,
  };
  await client.placeOrder(input, 'checkout-1');
  await client.addItem('c'.repeat(32), 7, 2);
  await client.getCheckoutOptions('rosa bakery');
  expect(seen[0]).toMatchObject({
    url: 'https://shop.example/api/ecommerce/orders',
    method: 'POST',
    headers: { 'idempotency-key': 'checkout-1', 'content-type': 'application/json' },
    body: input,
  });
  expect(seen[2]).toMatchObject({
    url: 'https://shop.example/api/ecommerce/stores/rosa%20bakery/checkout',
    method: 'GET',
  });
  expect(seen[1]?.body).toEqual({ productId: 7, quantity: 2 });
});

test('a non-OK answer without a message is "API Error: {status text}" (spec §8); a server message wins', async () => {
  const bare = createStoreClient(
    'https://shop.example',
    fakeFetch(new Response('oops', { status: 502, statusText: 'Bad Gateway' }), []),
  );
  await expect(bare.getCart('x')).rejects.toEqual(new StoreApiError(502, 'API Error: Bad Gateway'));
  const told = createStoreClient(
    'https://shop.example',
    fakeFetch(
      Response.json({ message: 'Only 2 of Bread in stock' }, { status: 409, statusText: 'Conflict' }),
      [],
    ),
  );
  await expect(told.addItem('x', 1, 3)).rejects.toMatchObject({
    status: 409,
    message: 'Only 2 of Bread in stock',
  });
  const offline = createStoreClient('https://shop.example', fakeFetch(new TypeError('fetch failed'), []));
  await expect(offline.getOrder('x')).rejects.toMatchObject({ status: 0, message: 'Network error' });
});
