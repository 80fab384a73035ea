import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, test } from 'vitest';
import { waitFor } from 'xstate';
import { AppActorContext } from '../../src/views/appActorContext.ts';
import { useChangedSinceOpened } from '../../src/views/common/keepTypedInput.ts';
import { draftKeysToDrop, keptDraftKey } from '../../src/views/common/keptDrafts.ts';
import { KEPT_DRAFT_NOTE, KEPT_TYPING_NOTE, useKeptDraft } from '../../src/views/common/useKeptDraft.ts';
import { type AppSystem, createAppSystem } from '../../src/views/createAppSystem.ts';
import { bob, dashboardInput, fakeServer } from './renderApp.tsx';

// The rules of a kept draft, on the real session machine: kept only when the form goes because the session
// expired, given back only to the same user in the same account, dropped by a logout or another user's sign-in.

const cleo = { ...bob, id: 'u7', email: 'cleo@example.com' };
const bobKey = keptDraftKey({ userId: 'u2', accountId: 'a1' }, 'crm.contact.new');
const entries = () => Object.keys(sessionStorage).filter((key) => key.startsWith('keptDraft:'));

const running: AppSystem[] = [];
afterEach(() => {
  for (const system of running.splice(0)) system.actor.stop();
  sessionStorage.clear();
});

function Form({ name = 'crm.contact.new' }: { name?: string }) {
  const [value, setValue] = useState('');
  const changed = useChangedSinceOpened(value);
  const note = useKeptDraft(name, { values: value, changed, restore: setValue });
  return (
    <>
      <input aria-label="Name" value={value} onChange={(event) => setValue(event.target.value)} />
      {note ? <p>{note}</p> : null}
    </>
  );
}

/** Bob signed in (account a1), a form mounted; `mount` mounts it again. */
function start() {
  const system = createAppSystem({ fetch: fakeServer().fetch as typeof fetch, input: dashboardInput() });
  running.push(system);
  system.actor.start();
  const session = () => {
    const ref = system.actor.getSnapshot().children.session;
    if (!ref) throw new Error('no session');
    return ref;
  };
  const mount = (name?: string) =>
    render(
      <AppActorContext.Provider value={system.actor}>
        <Form name={name} />
      </AppActorContext.Provider>,
    );
  const type = (value: string) => fireEvent.change(screen.getByLabelText('Name'), { target: { value } });
  const input = () => (screen.getByLabelText('Name') as HTMLInputElement).value;
  const send = (event: Parameters<ReturnType<typeof session>['send']>[0]) => act(() => session().send(event));
  /** Types into the form, and the session expires: the form goes with the signed-in screens. */
  const expireWhileTyping = () => {
    const form = mount();
    type('Ada');
    send({ type: 'session.expired' });
    form.unmount();
  };
  return { system, session, mount, type, input, send, expireWhileTyping };
}

describe('useKeptDraft', () => {
  test('a changed form is kept under its user and account; unchanged again, or closed, it is not', () => {
    const { mount, type } = start();
    const form = mount();
    type('Ada');
    expect(sessionStorage.getItem(bobKey)).toBe('"Ada"');
    type('');
    expect(entries()).toEqual([]);

    type('Ada L');
    form.unmount();
    expect(entries()).toEqual([]);
  });

  test('gone because the session expired, it is kept; the same user and account get it back with the note', () => {
    const { mount, type, input, send, expireWhileTyping } = start();
    expireWhileTyping();
    expect(entries()).toEqual([bobKey]);

    send({ type: 'session.login', token: 't2', user: bob });
    mount();
    expect(input()).toBe('Ada');
    expect(screen.getByText(KEPT_DRAFT_NOTE).textContent).toBe(KEPT_DRAFT_NOTE);
    // Held while the form is open; typed back to nothing it is thrown away, and so is the note.
    expect(sessionStorage.getItem(bobKey)).toBe('"Ada"');
    type('');
    expect(screen.queryByText(KEPT_DRAFT_NOTE)).toBeNull();
    expect(entries()).toEqual([]);
  });

  test('left by a reload (no unmount runs), it comes back with the reload’s note, not the session’s', () => {
    const { mount, type, input } = start();
    const form = mount();
    type('Ada');
    // A reload runs no cleanup: the entry written while typing is what the next page finds.
    const left = sessionStorage.getItem(bobKey) ?? '';
    form.unmount();
    sessionStorage.setItem(bobKey, left);

    mount();
    expect(input()).toBe('Ada');
    expect(screen.getByText(KEPT_TYPING_NOTE).textContent).toBe(
      'We kept what you typed here before the page was reloaded or closed. Save to keep it, or Cancel to throw it away.',
    );
    expect(screen.queryByText(KEPT_DRAFT_NOTE)).toBeNull();
  });

  test('another form, or the same user in another account, does not get it', () => {
    const { mount, input, send, expireWhileTyping } = start();
    expireWhileTyping();
    send({ type: 'session.login', token: 't2', user: bob });

    const other = mount('crm.contact.42');
    expect(input()).toBe('');
    other.unmount();
    send({ type: 'session.accountSelected', accountId: 'a2' });
    mount();
    expect(input()).toBe('');
    expect(screen.queryByText(KEPT_DRAFT_NOTE)).toBeNull();
    // Still there for account a1.
    expect(entries()).toEqual([bobKey]);
  });

  test('another user signing in drops it and never sees it', () => {
    const { mount, input, send, expireWhileTyping } = start();
    expireWhileTyping();

    send({ type: 'session.login', token: 't2', user: cleo });
    expect(entries()).toEqual([]);
    mount();
    expect(input()).toBe('');
  });

  test('a logout drops every kept draft of the tab, opened or not', async () => {
    const { send, session, expireWhileTyping } = start();
    expireWhileTyping();
    send({ type: 'session.login', token: 't2', user: bob });
    expect(entries()).toEqual([bobKey]);

    send({ type: 'session.logout' });
    await act(() => waitFor(session(), (s) => s.matches('anonymous')));
    expect(entries()).toEqual([]);
  });
});

describe('draftKeysToDrop', () => {
  const keys = [
    keptDraftKey({ userId: 'u2', accountId: 'a1' }, 'crm.lead.new'),
    keptDraftKey({ userId: 'u:7', accountId: 'a1' }, 'crm.lead.new'),
    'walkthroughStep',
  ];

  test('none while an expired session waits; all after a sign-out; other users’ after a sign-in', () => {
    expect(draftKeysToDrop(keys, { kind: 'expired' })).toEqual([]);
    expect(draftKeysToDrop(keys, { kind: 'signedOut' })).toEqual(keys.slice(0, 2));
    expect(draftKeysToDrop(keys, { kind: 'signedIn', owner: { userId: 'u2', accountId: 'a2' } })).toEqual([
      keys[1],
    ]);
    expect(draftKeysToDrop(keys, { kind: 'signedIn', owner: { userId: 'u:7', accountId: 'a1' } })).toEqual([
      keys[0],
    ]);
  });
});
