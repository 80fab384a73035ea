import { describe, expect, test } from 'vitest';
import { appRoute } from '../../src/contracts/appRoutes.ts';
import { anonymousLoad, createAppHarness, storedAlice } from './appHarness.ts';

function openedAt(search: string) {
  const h = createAppHarness({
    ...anonymousLoad,
    session: storedAlice,
    location: { pathname: '/builder/draft-room1', search },
  });
  expect(h.actor.getSnapshot().value).toBe('builder');
  return h;
}

describe('the builder’s place once a new site is saved', () => {
  test('a draft previewed on a phone stays previewed on a phone at its new address', () => {
    const h = openedAt('?preview=mobile');
    h.actor.send({ type: 'builder.located', siteId: '42' });

    expect(h.actor.getSnapshot().context.route).toEqual(
      appRoute('builder', { siteId: '42', preview: 'mobile' }),
    );
    // In place of the draft's address: Back does not return to a room that is now a saved site.
    expect(h.urls().at(-1)).toBe('replace:/builder/42?preview=mobile');
  });

  test('a draft edited (no preview) moves to the saved site’s own address', () => {
    const h = openedAt('');
    h.actor.send({ type: 'builder.located', siteId: '42' });

    expect(h.actor.getSnapshot().context.route).toEqual(appRoute('builder', { siteId: '42' }));
    expect(h.urls().at(-1)).toBe('replace:/builder/42');
  });
});
