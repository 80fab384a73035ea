import { describe, expect, it } from 'vitest';
import { splitName } from '../../server/shop/buyerContacts.ts';
import {
  buyerConfirmationMail,
  type MailContext,
  ownerNoticeMail,
  statusMail,
} from '../../server/shop/orderMails.ts';
import type { OrderDetails } from '../../src/contracts/store.ts';

const context: MailContext = {
  storeName: 'Rosa’s Bakery',
  pickupInstructions: 'Collect at 5 Main St, 9–17h.',
  appUrl: 'https://app.example.com',
};

function order(overrides: Partial<OrderDetails> = {}): OrderDetails {
  return {
    id: 'ord_1',
    orderNumber: 1001,
    storeId: 'rosa',
    customerId: 'visitor-1',
    status: 'placed',
    paymentMethod: 'manual',
    paymentStatus: 'unpaid',
    fulfilmentStatus: 'unfulfilled',
    deliveryMethod: 'pickup',
    subtotal: 12,
    shipping: 0,
    tax: 2.5,
    taxInclusive: false,
    total: 14.5,
    currency: 'USD',
    createdDate: '2026-01-01T00:00:00.000Z',
    items: [{ productId: 1, productName: 'Mug', price: 6, quantity: 2 }],
    reservedUntil: null,
    customer: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '+1 555 0100' },
    shippingAddress: null,
    note: 'Gift wrap, please',
    trackingNumber: null,
    carrier: null,
    paymentInstructions: 'Pay when you collect your order.',
    ...overrides,
  };
}

describe('order mails', () => {
  it('the buyer confirmation lists lines, figures, pickup, payment and the order link', () => {
    const mail = buyerConfirmationMail(order(), 'tok123', context);
    expect(mail.subject).toBe('Your order #1001 at Rosa’s Bakery');
    expect(mail.body.split('\n')).toEqual(
      expect.arrayContaining([
        '2 × Mug — $12.00',
        'Subtotal: $12.00',
        'Tax: $2.50',
        'Total: $14.50',
        'Delivery: pickup',
        'Collect at 5 Main St, 9–17h.',
        'Payment: Pay when you collect your order.',
        'https://app.example.com/order/ord_1?token=tok123',
      ]),
    );
    expect(mail.body).not.toContain('Shipping:');
  });

  it('a shipped, tax-inclusive card order: shipping address, included tax, card payment line', () => {
    const shipped = order({
      deliveryMethod: 'shipping',
      shipping: 5,
      tax: 2.83,
      taxInclusive: true,
      total: 17,
      paymentMethod: 'card',
      paymentStatus: 'awaiting',
      currency: 'EUR',
      shippingAddress: { line1: '1 Rue Haute', city: 'Paris', postalCode: '75001', country: 'FR' },
    });
    const lines = buyerConfirmationMail(shipped, 't', context).body.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Shipping: €5.00',
        'Tax (included): €2.83',
        'Total: €17.00',
        'Delivery: shipping to',
        '1 Rue Haute',
        '75001 Paris',
        'FR',
        'Complete your card payment to confirm this order.',
      ]),
    );
    const paid = buyerConfirmationMail({ ...shipped, paymentStatus: 'paid' }, 't', context);
    expect(paid.body.split('\n')).toContain('Paid by card');
  });

  it('status mails say what changed; completing sends none', () => {
    const subjects = [
      'markPaid',
      'paymentReceived',
      'readyForPickup',
      'ship',
      'cancel',
      'paymentExpired',
    ].map((cause) => statusMail(order(), cause, context)?.subject);
    expect(subjects).toEqual([
      'Payment received for order #1001',
      'Payment received for order #1001',
      'Order #1001 is ready for pickup',
      'Order #1001 has shipped',
      'Order #1001 was cancelled',
      'Order #1001 was cancelled: the card payment was not completed',
    ]);
    expect(statusMail(order(), 'complete', context)).toBeNull();
  });

  it('the shipped mail names the carrier and tracking number when given', () => {
    const withTracking = statusMail(order({ carrier: 'UPS', trackingNumber: '1Z999' }), 'ship', context);
    expect(withTracking?.body.split('\n')).toEqual(
      expect.arrayContaining(['Carrier: UPS', 'Tracking number: 1Z999']),
    );
    expect(statusMail(order(), 'ship', context)?.body).not.toContain('Tracking number');
  });

  it('ready for pickup repeats the instructions and, when unpaid, what is due', () => {
    const body = statusMail(order(), 'readyForPickup', context)?.body.split('\n');
    expect(body).toEqual(expect.arrayContaining(['Collect at 5 Main St, 9–17h.', 'Amount due: $14.50']));
  });

  it('the owner notice names the buyer, lines, delivery, note, total and the Orders tab', () => {
    const mail = ownerNoticeMail(order(), context);
    expect(mail.subject).toBe('New order #1001 — $14.50');
    expect(mail.body.split('\n')).toEqual(
      expect.arrayContaining([
        'Buyer: Ada Lovelace',
        'Email: ada@example.com',
        'Phone: +1 555 0100',
        '2 × Mug — $12.00',
        'Total: $14.50',
        'Delivery: pickup',
        'Note from the buyer: Gift wrap, please',
        'https://app.example.com/store/orders?store=rosa&order=ord_1',
      ]),
    );
  });

  it('buyer names split into first and last name', () => {
    expect(splitName('  Ada   King Lovelace ')).toEqual({ firstName: 'Ada King', lastName: 'Lovelace' });
    expect(splitName('Cher')).toEqual({ firstName: 'Cher', lastName: '' });
  });
});
