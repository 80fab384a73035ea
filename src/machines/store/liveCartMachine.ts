import { fromPromise } from 'xstate';
import type { StoreClient } from '../../services/store/storeClient.ts';
import {
  type AddItemInput,
  cartMachine,
  type LoadProductsInput,
  type PlaceOrderInput,
} from './cartMachine.ts';

/** The cart machine wired to a store client: the same wiring in the dashboard and on published sites. */
export function liveCartMachine(
  client: StoreClient,
  navigate: ((url: string) => void) | null = (url) => globalThis.location?.assign(url),
) {
  return cartMachine.provide({
    actors: {
      loadProducts: fromPromise(({ input }: { input: LoadProductsInput }) =>
        client.listProducts({
          storeId: input.storeId,
          skip: input.skip,
          take: input.take,
          ...(input.categoryId === null ? {} : { categoryId: input.categoryId }),
        }),
      ),
      loadCart: fromPromise(({ input }: { input: { cartId: string } }) => client.getCart(input.cartId)),
      createCart: fromPromise(({ input }: { input: { storeId: string; customerId: string } }) =>
        client.createCart(input.storeId, input.customerId),
      ),
      // A local cart (its creation failed) has no id yet: try creating one now.
      addItem: fromPromise(async ({ input }: { input: AddItemInput }) => {
        const cartId = input.cartId || (await client.createCart(input.storeId, input.customerId)).id;
        return client.addItem(cartId, input.productId, input.quantity);
      }),
      updateItem: fromPromise(({ input }: { input: { cartId: string; itemId: number; quantity: number } }) =>
        client.updateItem(input.cartId, input.itemId, input.quantity),
      ),
      removeItem: fromPromise(({ input }: { input: { cartId: string; itemId: number } }) =>
        client.removeItem(input.cartId, input.itemId),
      ),
      loadCheckoutOptions: fromPromise(({ input }: { input: { storeId: string } }) =>
        client.getCheckoutOptions(input.storeId),
      ),
      placeOrder: fromPromise(({ input }: { input: PlaceOrderInput }) =>
        client.placeOrder(input.input, input.idempotencyKey),
      ),
      // The visitor goes to the card payment page. A page that may not navigate itself (framed in a
      // sandbox) keeps showing the 'Continue to payment' link the view renders.
      redirectToPayment: fromPromise(async ({ input }: { input: { url: string } }) => {
        if (input.url && navigate) navigate(input.url);
      }),
    },
  });
}
