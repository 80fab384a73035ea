import { describe, expect, test } from 'vitest';
import { appRoute, HOME_ROUTE } from '../../src/contracts/appRoutes.ts';
import type { AuthResult, User } from '../../src/contracts/auth.ts';
import { alice, aliceAuth, anonymousLoad, createAppHarness, storedAlice } from './appHarness.ts';

const cleo: User = { ...alice, id: 'u-cleo', email: 'cleo@example.com', name: 'cleo' };
const contact = appRoute('crmContact', { contactId: '4' });

/** Alice at her contact #4 when her session expires; then `who` signs in on the sign-in screen. */
async function expireThenSignIn(who: AuthResult) {
  const h = createAppHarness({
    ...anonymousLoad,
    session: storedAlice,
    location: { pathname: '/crm/contacts/4', search: '' },
  });
  expect(h.actor.getSnapshot().context.route).toEqual(contact);
  h.session().send({ type: 'session.expired' });
  expect(h.actor.getSnapshot().value).toEqual({ auth: 'idle' });
  h.actor.send({ type: 'auth.login', email: who.user.email, password: 'secret1' });
  expect(await h.calls.settle(who)).toBe('login');
  return h;
}

describe('signing in after a session expired', () => {
  test('the same user comes back to the place they were at', async () => {
    const h = await expireThenSignIn(aliceAuth);
    expect(h.actor.getSnapshot().context.route).toEqual(contact);
    expect(h.urls().at(-1)).toBe('replace:/crm/contacts/4');
  });

  test('another user starts at home, not at the place of the session that expired', async () => {
    const h = await expireThenSignIn({ token: 'token-2', user: cleo });
    expect(h.actor.getSnapshot().context.route).toEqual(HOME_ROUTE);
    expect(h.urls().at(-1)).toBe('replace:/websites');
    expect(h.actor.getSnapshot().context.returnTo).toBeNull();
  });

  test('a place opened while signed out is where any user goes after signing in', async () => {
    const h = createAppHarness({ ...anonymousLoad, location: { pathname: '/crm/contacts/4', search: '' } });
    expect(h.actor.getSnapshot().value).toEqual({ auth: 'idle' });
    h.actor.send({ type: 'auth.login', email: cleo.email, password: 'secret1' });
    await h.calls.settle({ token: 'token-2', user: cleo });
    expect(h.actor.getSnapshot().context.route).toEqual(contact);
  });
});
