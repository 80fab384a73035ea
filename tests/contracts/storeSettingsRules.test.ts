import { describe, expect, test } from 'vitest';
import { STORE_SETTINGS_MESSAGES, settingOfMessage } from '../../src/contracts/storeSettingsRules.ts';

describe('where the Settings tab shows a refused save', () => {
  test.each([
    ['Flat shipping rate: use at most 2 decimals (cents)', 'flatShippingRate'],
    ['Free shipping from must be at least 0', 'freeShippingThreshold'],
    ['Tax rate must be at most 100', 'taxRate'],
    ['Pickup instructions must be at most 2000 characters', 'pickupInstructions'],
    ['Payment instructions must be at most 2000 characters', 'manualPaymentInstructions'],
    ['Order notice email must be a valid email address', 'orderNoticeEmail'],
    [STORE_SETTINGS_MESSAGES.delivery, 'delivery'],
    [STORE_SETTINGS_MESSAGES.paymentMethodTwice, 'paymentMethods'],
    [STORE_SETTINGS_MESSAGES.cardNotConfigured, 'paymentMethods'],
    ['Pickupish is not a field', null],
    ['Store not found', null],
  ])('%s → %s', (message, setting) => {
    expect(settingOfMessage(message)).toBe(setting);
  });
});
