import { describe, expect, test } from 'vitest';
import { activitySentence, SENTENCE_TYPES } from '../../src/contracts/activitySentences.ts';
import { ACTIVITY_TYPES } from '../../src/contracts/admin.ts';

describe('the activity log in words', () => {
  test('every type the server writes has a sentence of its own', () => {
    expect(ACTIVITY_TYPES.filter((type) => !SENTENCE_TYPES.includes(type))).toEqual([]);
    for (const type of ACTIVITY_TYPES) {
      const sentence = activitySentence({ type, userEmail: 'ada@example.com', details: {} });
      expect(sentence, type).toMatch(/^ada@example\.com [a-z].*\.$/);
      expect(sentence, type).not.toContain(type);
    }
  });

  test.each([
    [
      'contact.created',
      { id: 12, name: 'Grace Hopper' },
      'ada@example.com added the contact “Grace Hopper”.',
    ],
    ['contact.deleted', { id: 12 }, 'ada@example.com deleted the contact #12.'],
    [
      'lead.converted',
      { id: 3, name: 'Walk-in customer' },
      'ada@example.com converted the lead “Walk-in customer” into a contact and a deal.',
    ],
    [
      'contacts.imported',
      { id: 4, name: 'people.csv' },
      'ada@example.com imported contacts from the file “people.csv”.',
    ],
    ['website.published', { id: 7, name: 'Bakery' }, 'ada@example.com published the website “Bakery”.'],
    [
      'member.invited',
      { email: 'bo@example.com', role: 'User' },
      'ada@example.com invited bo@example.com as User.',
    ],
    [
      'member.role_changed',
      { memberId: 9, from: 'User', to: 'Admin' },
      'ada@example.com changed the role of user #9 from User to Admin.',
    ],
    [
      'invitation.revoked',
      { email: 'bo@example.com' },
      'ada@example.com revoked the invitation of bo@example.com.',
    ],
    [
      'access.denied',
      { method: 'DELETE', path: '/api/crm/contacts/1', reason: 'Your role in this account can only view' },
      'ada@example.com was refused DELETE /api/crm/contacts/1: Your role in this account can only view.',
    ],
    [
      'account.changed',
      { route: 'POST /api/new/thing' },
      'ada@example.com changed something in the account.',
    ],
  ])('%s reads as a sentence', (type, details, sentence) => {
    expect(activitySentence({ type, userEmail: 'ada@example.com', details })).toBe(sentence);
  });

  test('who did it: a shopper for an order, someone when the user is gone; an unknown type still reads', () => {
    expect(
      activitySentence({ type: 'store.order_placed', userEmail: null, details: { orderNumber: 'A-1001' } }),
    ).toBe('A shopper placed order A-1001.');
    expect(activitySentence({ type: 'auth.logout', userEmail: null, details: null })).toBe(
      'Someone signed out.',
    );
    expect(activitySentence({ type: 'future.thing', userEmail: 'ada@example.com', details: { id: 2 } })).toBe(
      'ada@example.com: future.thing #2.',
    );
  });
});
