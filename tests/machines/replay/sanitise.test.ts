import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { REDACTED } from '../../../src/contracts/replay.ts';
import { EVENT_FIELDS } from '../../../src/machines/replay/replayAllowList.ts';
import {
  sanitiseAppInput,
  sanitiseContext,
  sanitiseError,
  sanitiseEvent,
  sanitiseStateValue,
} from '../../../src/machines/replay/sanitise.ts';
import { ApiError } from '../../../src/services/http/ApiError.ts';
import { storedAlice } from '../appHarness.ts';

// Field names that carry what people type or what proves who they are.
const SECRET_FIELDS = [
  'password',
  'currentPassword',
  'newPassword',
  'token',
  'email',
  'name',
  'text',
  'value',
  'message',
  'title',
  'description',
  'code',
  'state',
  'authorizeUrl',
  'siteName',
  'subdomain',
  'businessName',
  'phone',
  'services',
];
const KNOWN_TYPES = Object.keys(EVENT_FIELDS);

/** A secret: long enough and marked, so it cannot turn up in the output by chance. */
const secret = fc.string({ minLength: 6, maxLength: 40 }).map((s) => `§${s}§`);
/** Anything that could sit in a field: strings (ids, sentences, emails), numbers, nests, arrays. */
const anyValue = fc.oneof(
  secret,
  fc.emailAddress(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.dictionary(fc.constantFrom(...SECRET_FIELDS, 'id', 'role'), secret),
  fc.array(secret, { maxLength: 3 }),
);

describe('the replay sanitiser (allow-list)', () => {
  test('a password, token or typed value never survives, whatever the event and wherever it sits', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.constantFrom(...KNOWN_TYPES), fc.constantFrom('unknown.event', 'xstate.init')),
        fc.dictionary(fc.constantFrom(...SECRET_FIELDS), secret, { minKeys: 1 }),
        // The allow-listed fields too, filled with secrets or garbage: a secret is never an id.
        fc.dictionary(
          fc.constantFrom('id', 'websiteId', 'user', 'toast', 'business', 'changes', 'post'),
          anyValue,
        ),
        fc.constantFrom('app', 'session', 'review', 'builder'),
        (type, secrets, others, actor) => {
          const event = { ...others, ...secrets, type, user: { ...secrets, id: 'u1' } };
          const out = JSON.stringify(sanitiseEvent(event, { actor }));
          for (const value of Object.values(secrets)) expect(out).not.toContain(value.slice(1, -1));
          expect(out).not.toContain('§');
          expect(out).not.toContain('@');
        },
      ),
      { numRuns: 500 },
    );
  });

  test('call results and failures keep their branch, never their data or message', () => {
    fc.assert(
      fc.property(secret, fc.integer({ min: 0, max: 599 }), (value, status) => {
        const done = sanitiseEvent(
          {
            type: 'xstate.done.actor.0.app.auth.signingIn',
            output: { token: value, user: { id: 'u1', email: value } },
          } as {
            type: string;
          },
          { actor: 'app', effect: 'login' },
        );
        const failed = sanitiseEvent(
          { type: 'xstate.error.actor.x', error: new ApiError(status, value) } as { type: string },
          { actor: 'app', effect: 'login' },
        );
        const unknownEffect = sanitiseEvent(
          { type: 'xstate.done.actor.y', output: { secret: value } } as { type: string },
          {
            actor: 'app',
            effect: 'mystery',
          },
        );
        const out = JSON.stringify([done, failed, unknownEffect]);
        expect(out).not.toContain('§');
        expect(failed).toEqual({ type: 'xstate.error.actor.x', error: { name: 'ApiError', status } });
        expect(unknownEffect.output).toBe(REDACTED);
      }),
    );
  });

  test('keeps exactly the listed safe fields, and placeholders keep "was something typed" for guards', () => {
    expect(
      sanitiseEvent(
        {
          type: 'business.submit',
          next: 'generator',
          business: { industry: 'retail', businessName: 'Acme' },
          logo: null,
        } as {
          type: string;
        },
        { actor: 'app' },
      ),
    ).toEqual({
      type: 'business.submit',
      next: 'generator',
      business: { industry: 'retail', businessName: REDACTED },
      logo: null,
    });
    expect(
      sanitiseEvent({ type: 'save.confirm', name: '  ' } as { type: string }, { actor: 'builder' }),
    ).toEqual({
      type: 'save.confirm',
      name: '',
    });
    expect(
      sanitiseEvent({ type: 'website.edit', websiteId: '12', mode: 'preview' } as { type: string }, {
        actor: 'app',
      }),
    ).toEqual({
      type: 'website.edit',
      websiteId: '12',
      mode: 'preview',
    });
    // An "id" that is not id-shaped (a sentence, an email) is not kept.
    expect(
      sanitiseEvent({ type: 'template.use', templateId: 'my secret plan' } as { type: string }, {
        actor: 'app',
      }),
    ).toEqual({
      type: 'template.use',
      templateId: REDACTED,
    });
    // An enum value outside its list is not kept either.
    expect(
      sanitiseEvent({ type: 'sidebar.tab', tab: 'hunter2' } as { type: string }, { actor: 'builder' }),
    ).toEqual({
      type: 'sidebar.tab',
      tab: REDACTED,
    });
    expect(sanitiseEvent({ type: 'weird type!' }, { actor: 'app' }).type).toBe(REDACTED);
  });

  test('contexts, inputs, errors and state values', () => {
    expect(sanitiseContext('session', { token: 't0k3n', user: storedAlice.user, accountId: 'a1' })).toEqual({
      token: REDACTED,
      user: {
        id: 'u1',
        email: REDACTED,
        name: REDACTED,
        role: 'user',
        plan: 0,
        status: 'trial',
        accountId: 'a1',
      },
      accountId: 'a1',
    });
    expect(sanitiseContext('toasts', { queue: [{ title: 'x' }, { title: 'y' }], nextId: 3 })).toEqual({
      queue: 2,
      nextId: 3,
    });
    expect(sanitiseContext('mystery', { anything: 'typed', count: 3, on: true })).toEqual({
      anything: REDACTED,
      count: REDACTED,
      on: true,
    });
    expect(
      sanitiseAppInput({
        session: storedAlice,
        location: { pathname: '/builder/42', search: '?code=abc&state=xyz' },
        oauthProcessed: false,
      }),
    ).toEqual({ signedIn: true, builder: { websiteId: '42', mode: undefined }, oauth: 'facebook' });
    expect(sanitiseError(new TypeError('secret'))).toEqual({ name: 'TypeError' });
    expect(sanitiseError('a string')).toEqual({ name: 'Error' });
    expect(sanitiseStateValue({ auth: 'idle' })).toEqual({ auth: 'idle' });
    expect(sanitiseStateValue({ 'has space': 'x', ok: 'no spaces allowed' })).toEqual({ ok: REDACTED });
  });
});
