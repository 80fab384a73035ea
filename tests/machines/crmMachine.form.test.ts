import { expect, test } from 'vitest';
import { createActor } from 'xstate';
import {
  type CrmLoad,
  crmMachine,
  selectCrmError,
  selectCrmForm,
} from '../../src/machines/crm/crmMachine.ts';
import { ApiError } from '../../src/services/http/ApiError.ts';
import { FakeCalls } from './fakeActors.ts';

const empty: CrmLoad = { failed: [] };

async function readyCrm() {
  const calls = new FakeCalls();
  const actor = createActor(
    crmMachine.provide({
      actors: {
        loadLists: calls.actor('loadLists'),
        loadContacts: calls.actor('loadContacts'),
        write: calls.actor('write'),
      },
    }),
  ).start();
  await calls.settle(empty);
  return { actor, calls };
}

const addContact = { kind: 'addContact', input: { email: 'ada@example.com' } } as const;

test('a form write refused with 409 keeps the server message for the dialog, not the error card', async () => {
  const { actor, calls } = await readyCrm();
  actor.send({ type: 'crm.write', write: addContact, fromForm: true });
  expect(selectCrmForm(actor.getSnapshot())).toEqual({ seq: 1, status: 'saving' });
  await calls.fail(new ApiError(409, 'A contact with this email already exists'));
  expect(selectCrmForm(actor.getSnapshot())).toEqual({
    seq: 1,
    status: 'refused',
    message: 'A contact with this email already exists',
  });
  expect(selectCrmError(actor.getSnapshot())).toBeNull();
});

test('a form write failing otherwise gets the fallback sentence; a later one that succeeds is saved', async () => {
  const { actor, calls } = await readyCrm();
  actor.send({ type: 'crm.write', write: addContact, fromForm: true });
  await calls.fail(new ApiError(500, 'Internal Server Error'));
  expect(selectCrmForm(actor.getSnapshot())).toMatchObject({
    status: 'refused',
    message: 'Failed to add contact. Nothing you typed was lost: try Save again in a moment.',
  });
  expect(selectCrmError(actor.getSnapshot())).toBe('Failed to add contact');
  actor.send({ type: 'crm.write', write: addContact, fromForm: true });
  await calls.settle({ id: 7 });
  // Saved, with the id of the row the server made (a new list is chosen by it).
  expect(selectCrmForm(actor.getSnapshot())).toEqual({ seq: 2, status: 'saved', id: 7 });
});

test('a write not from a form still leaves the spec message in the error card', async () => {
  const { actor, calls } = await readyCrm();
  actor.send({ type: 'crm.write', write: addContact });
  await calls.fail(new ApiError(409, 'A contact with this email already exists'));
  expect(selectCrmError(actor.getSnapshot())).toBe('Failed to add contact');
  expect(selectCrmForm(actor.getSnapshot())).toEqual({ seq: 0, status: 'idle' });
});
