import { DEFAULT_STORE_ID } from '../constants.ts';
import { text } from '../shared.tsx';
import type { ElementDefinition } from '../types.ts';

/**
 * The cart, empty as rendered; on a published page the site script fills it from the visitor's cart
 * (its data-cart-* parts) and enables Checkout.
 */
export const shoppingCartElement: ElementDefinition = {
  type: 'shopping-cart',
  label: 'Shopping Cart',
  container: false,
  defaults: () => ({ storeId: DEFAULT_STORE_ID }),
  fields: [{ key: 'storeId', label: 'Store ID', kind: 'text' }],
  Render: ({ id, props }) => (
    <aside
      data-element-id={id}
      data-store-cart=""
      data-store-id={text(props, 'storeId', DEFAULT_STORE_ID)}
      style={{
        width: 320,
        margin: '10px auto',
        border: '1px solid #e0e0e0',
        borderRadius: 8,
        padding: 16,
        background: '#fff',
      }}
    >
      <h3 style={{ marginTop: 0 }} data-cart-title="">
        Cart (0)
      </h3>
      <p data-cart-message="" role="status" />
      <ul data-cart-items="" style={{ listStyle: 'none', padding: 0, maxHeight: 300, overflowY: 'auto' }}>
        <li>Your cart is empty</li>
      </ul>
      <p style={{ display: 'flex', justifyContent: 'space-between' }}>
        <span>Total</span>
        <strong data-cart-total="">$0.00</strong>
      </p>
      <button type="button" data-store-action="checkout" disabled style={{ width: '100%', padding: 8 }}>
        Checkout
      </button>
    </aside>
  ),
};
