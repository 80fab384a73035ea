import { expect, test } from 'vitest';
import {
  CHECKOUT_FIELD_MESSAGES,
  CHECKOUT_MESSAGES,
  type CheckoutOptions,
  checkoutInputOf,
  EMPTY_CHECKOUT_DRAFT,
  validateCheckout,
} from '../../src/contracts/store.ts';
import { orderErrorText } from '../../src/machines/store/cartMachine.ts';
import { ApiError } from '../../src/services/http/ApiError.ts';

const OPTIONS: CheckoutOptions = {
  storeId: 's',
  storeName: 'Shop',
  currency: 'USD',
  pickupEnabled: true,
  shippingEnabled: false,
  flatShippingRate: 5,
  freeShippingThreshold: null,
  taxRate: 0,
  taxInclusive: false,
  paymentMethods: ['manual'],
  manualPaymentInstructions: '',
  pickupInstructions: '',
};
const buyer = { ...EMPTY_CHECKOUT_DRAFT, name: 'Ana', email: 'ana@example.com' };

test('an empty form asks for the name and a valid email, in the spec’s words', () => {
  expect(validateCheckout(checkoutInputOf('c', EMPTY_CHECKOUT_DRAFT), OPTIONS)).toEqual({
    name: 'Please enter your name',
    email: 'Please enter a valid email address',
  });
  expect(validateCheckout(checkoutInputOf('c', { ...buyer, email: 'ana@' }), OPTIONS)).toEqual({
    email: CHECKOUT_MESSAGES.emailInvalid,
  });
  expect(validateCheckout(checkoutInputOf('c', buyer), OPTIONS)).toEqual({});
});

test('shipping needs an address (and a store that ships); methods the store does not offer are refused', () => {
  const shipping = { ...buyer, deliveryMethod: 'shipping' as const };
  expect(validateCheckout(checkoutInputOf('c', shipping), { ...OPTIONS, shippingEnabled: true })).toEqual({
    line1: CHECKOUT_MESSAGES.addressRequired,
    city: CHECKOUT_FIELD_MESSAGES.cityRequired,
    postalCode: CHECKOUT_FIELD_MESSAGES.postalCodeRequired,
    country: CHECKOUT_FIELD_MESSAGES.countryInvalid,
  });
  const addressed = {
    ...shipping,
    line1: '1 Main St',
    city: 'Springfield',
    postalCode: '12345',
    country: 'us',
  };
  expect(checkoutInputOf('c', addressed).shippingAddress).toEqual({
    line1: '1 Main St',
    city: 'Springfield',
    postalCode: '12345',
    country: 'US',
  });
  expect(validateCheckout(checkoutInputOf('c', addressed), { ...OPTIONS, shippingEnabled: true })).toEqual(
    {},
  );
  expect(validateCheckout(checkoutInputOf('c', addressed), OPTIONS)).toEqual({
    deliveryMethod: CHECKOUT_MESSAGES.deliveryUnavailable,
  });
  expect(validateCheckout(checkoutInputOf('c', { ...buyer, paymentMethod: 'card' }), OPTIONS)).toEqual({
    paymentMethod: CHECKOUT_MESSAGES.paymentUnavailable,
  });
  // Pickup sends no address, whatever was typed into it before.
  expect(checkoutInputOf('c', { ...addressed, deliveryMethod: 'pickup' }).shippingAddress).toBeUndefined();
});

test('over-long fields say how long they may be', () => {
  expect(validateCheckout(checkoutInputOf('c', { ...buyer, note: 'x'.repeat(1001) }), OPTIONS)).toEqual({
    note: 'Please shorten this to 1000 characters or fewer',
  });
});

test('a refused order shows the server’s words; a network or server failure the spec’s message', () => {
  expect(orderErrorText(new ApiError(400, 'Only 2 of Bread in stock'))).toBe('Only 2 of Bread in stock');
  expect(orderErrorText(new ApiError(503, 'API Error: Service Unavailable'))).toBe(
    'Error placing order. Please try again.',
  );
  expect(orderErrorText(new ApiError(0, 'Network error'))).toBe('Error placing order. Please try again.');
});
