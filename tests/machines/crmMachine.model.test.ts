import { expect, test } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { contactImportMachine } from '../../src/machines/crm/contactImportMachine.ts';
import {
  CRM_MESSAGES,
  type CrmLoad,
  type CrmWrite,
  crmMachine,
  selectCrmBusy,
  selectCrmError,
  selectImportRef,
} from '../../src/machines/crm/crmMachine.ts';
import { ApiError } from '../../src/services/http/ApiError.ts';
import { FakeCalls } from './fakeActors.ts';
import { testRealCoverage, trackCoverage } from './machineCoverage.ts';
import { declaredStates, declaredTransitions, serializeEveryTransition, walked } from './modelCoverage.ts';
import { crmModel } from './models/crm.model.ts';

const coverage = trackCoverage(crmMachine);

const full: CrmLoad = { failed: [] };
const WRITES: CrmWrite[] = [
  { kind: 'addContact', input: { firstName: 'Bo' } },
  { kind: 'deleteLead', id: 2 },
  { kind: 'addWorkflow', input: { name: 'W' } },
  { kind: 'updateDeal', id: 3, input: { stage: 'closed-won' } },
];

const model = createTestModel(crmModel, { serializeTransition: serializeEveryTransition });
const paths = model.getShortestPaths();

for (const path of paths) {
  test(`crm: ${path.description}`, async () => {
    let actor!: Actor<typeof crmMachine>;
    let calls!: FakeCalls;
    // The cache effects the machine asked for, by name.
    let effects: string[] = [];
    // What the CRM should say, kept in step with the events sent.
    let error: string | null = null;
    let writes = 0;
    let pending: CrmWrite | null = null;
    const lastCall = () => calls.calls[calls.calls.length - 1];

    await path.test({
      events: {
        start: () => {
          calls = new FakeCalls();
          effects = [];
          const effect = (name: string) => () => void effects.push(name);
          actor = createActor(
            crmMachine.provide({
              actors: {
                loadLists: calls.actor('loadLists'),
                loadContacts: calls.actor('loadContacts'),
                write: calls.actor('write'),
              },
              actions: {
                written: effect('written'),
                writeFailed: effect('writeFailed'),
                imported: effect('imported'),
              },
            }),
            { inspect: coverage.inspect },
          ).start();
        },
        'load.ok': async () => {
          expect(await calls.settle(full)).toBe('loadLists');
        },
        'load.partial': async () => {
          const refreshing = actor.getSnapshot().matches('refreshing');
          expect(await calls.settle({ failed: ['leads', 'workflows'] })).toBe('loadLists');
          // The first load says nothing of a list that failed (it shows empty); a refresh says so.
          if (refreshing) error ??= CRM_MESSAGES.refreshData;
        },
        'load.fail': async () => {
          expect(await calls.fail(new ApiError(500, 'Internal Server Error'))).toBe('loadLists');
          error = CRM_MESSAGES.refreshData;
        },
        'crm.write': () => {
          const accepted = !actor.getSnapshot().matches('writing');
          const write = WRITES[writes % WRITES.length] as CrmWrite;
          writes += 1;
          actor.send({ type: 'crm.write', write });
          if (accepted) {
            // The load the write interrupted is stopped; its parked call will never be answered.
            const parked = (calls as unknown as { pending: { name: string }[] }).pending;
            const stale = parked.findIndex((call) => call.name !== 'write');
            if (stale >= 0) parked.splice(stale, 1);
            pending = write;
            error = null;
          }
        },
        'crm.refresh': () => actor.send({ type: 'crm.refresh' }),
        'crm.import.open': () => {
          const before = actor.system.get('contactImport');
          actor.send({ type: 'crm.import.open' });
          // A fresh flow each time the dialog opens.
          expect(actor.system.get('contactImport')).not.toBe(before);
        },
        'crm.import.close': () => actor.send({ type: 'crm.import.close' }),
        'crm.imported': () => {
          actor.send({ type: 'crm.imported' });
          expect(effects.at(-1)).toBe('imported');
        },
        'crm.contacts.refresh': () => actor.send({ type: 'crm.contacts.refresh' }),
        'crm.error.dismiss': () => {
          actor.send({ type: 'crm.error.dismiss' });
          error = null;
        },
        'call.succeed': async () => {
          const name = await calls.settle(undefined);
          expect(['write', 'loadContacts']).toContain(name);
          // A write's rows go into the cache; nothing is loaded again.
          if (name === 'write') expect(effects.at(-1)).toBe('written');
        },
        'call.fail': async () => {
          const name = await calls.fail(new ApiError(500, 'Internal Server Error'));
          if (name === 'write') expect(effects.at(-1)).toBe('writeFailed');
          error = name === 'write' && pending ? CRM_MESSAGES[pending.kind] : CRM_MESSAGES.refreshContacts;
        },
      },
      states: {
        idle: () => {},
        loading: () => {
          expect(selectCrmBusy(actor.getSnapshot())).toBe(true);
          expect(lastCall()).toEqual({ name: 'loadLists', input: { pageSize: 20 } });
        },
        importOpen: () => {
          expect(selectImportRef(actor.getSnapshot())?.getSnapshot().value).toBe('idle');
          expect(actor.system.get('contactImport')).toBe(selectImportRef(actor.getSnapshot()));
        },
        ready: () => {
          const snapshot = actor.getSnapshot();
          expect(selectImportRef(snapshot)).toBeUndefined();
          expect(actor.system.get('contactImport')).toBeUndefined();
          expect(snapshot.value).toBe('ready');
          expect(selectCrmBusy(snapshot)).toBe(false);
          expect(selectCrmError(snapshot)).toBe(error);
        },
        writing: () => {
          expect(actor.getSnapshot().value).toBe('writing');
          expect(lastCall()).toEqual({ name: 'write', input: pending });
        },
        refreshing: () => {
          expect(actor.getSnapshot().value).toBe('refreshing');
          expect(lastCall()).toEqual({ name: 'loadLists', input: { pageSize: 10 } });
          expect(selectCrmError(actor.getSnapshot())).toBe(error);
        },
        refreshingContacts: () => {
          expect(lastCall()).toEqual({ name: 'loadContacts', input: { pageSize: 10 } });
        },
      },
    });
  });
}

test('the paths walk every state and transition of the model', () => {
  const { edges, states } = walked(paths, 'idle');
  expect([...declaredStates(crmModel)].filter((s) => s !== 'crmModel' && !states.has(s))).toEqual([]);
  expect([...declaredTransitions(crmModel)].filter((e) => !edges.has(e))).toEqual([]);
});

test('a finished import (started from the CRM-owned flow) marks the imported contacts stale', async () => {
  const calls = new FakeCalls();
  let imported = 0;
  const actor = createActor(
    crmMachine.provide({
      actors: {
        loadLists: calls.actor('loadLists'),
        loadContacts: calls.actor('loadContacts'),
        write: calls.actor('write'),
        // The CRM's own import flow (its `imported` tells the CRM), with a fake upload.
        contactImport: (
          crmMachine.implementations.actors.contactImport as typeof contactImportMachine
        ).provide({ actors: { upload: calls.actor('upload') } }),
      },
      actions: {
        imported: () => {
          imported += 1;
        },
      },
    }),
  ).start();
  await calls.settle(full);
  actor.send({ type: 'crm.import.open' });
  const file = new File(['Email\nada@example.com\n'], 'contacts.csv', { type: 'text/csv' });
  selectImportRef(actor.getSnapshot())?.send({
    type: 'import.start',
    file,
    options: { duplicates: 'skip', contactListId: null, mapping: null },
  });
  expect(calls.only()).toBe('upload');
  await calls.settle({
    id: 5,
    status: 'completed',
    fileName: 'contacts.csv',
    processedRows: 1,
    created: 1,
    updated: 0,
    skipped: 0,
    progress: 100,
    errors: [],
    message: null,
  });
  expect(imported).toBe(1);
  // Only the cache is told: the CRM loads nothing again.
  expect(actor.getSnapshot().value).toBe('ready');
  expect(calls.calls.map((call) => call.name)).toEqual(['loadLists', 'upload']);
  actor.stop();
});

test('every message of spec §8 is kept word for word', () => {
  expect(Object.values(CRM_MESSAGES)).toEqual(
    expect.arrayContaining([
      'Failed to add contact',
      'Failed to update contact',
      'Failed to add lead',
      'Failed to update lead',
      'Failed to delete lead',
      'Failed to add deal',
      'Failed to add activity',
      'Failed to update activity',
      'Failed to delete activity',
      'Failed to add workflow',
      'Failed to delete workflow',
      'Failed to refresh contacts',
      'Failed to refresh data',
    ]),
  );
});

testRealCoverage(coverage, 'crmMachine');
