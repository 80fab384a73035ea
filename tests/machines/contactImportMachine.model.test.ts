import { expect, test } from 'vitest';
import { type Actor, createActor, SimulatedClock } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { ImportReport } from '../../src/contracts/crm.ts';
import {
  contactImportMachine,
  IMPORT_POLL_MS,
  selectCanRollback,
  selectImportBusy,
  selectImportError,
  selectImportReport,
} from '../../src/machines/crm/contactImportMachine.ts';
import { ApiError } from '../../src/services/http/ApiError.ts';
import { FakeCalls } from './fakeActors.ts';
import { testRealCoverage, trackCoverage } from './machineCoverage.ts';
import { declaredStates, declaredTransitions, serializeEveryTransition, walked } from './modelCoverage.ts';
import { importModel } from './models/contactImport.model.ts';

const coverage = trackCoverage(contactImportMachine);

const report = (status: ImportReport['status'], progress: number): ImportReport => ({
  id: 7,
  status,
  fileName: 'contacts.csv',
  totalRows: 1000,
  processedRows: progress * 10,
  created: progress * 10,
  updated: 0,
  skipped: 0,
  progress,
  errors: [],
  message: null,
});

const model = createTestModel(importModel, { serializeTransition: serializeEveryTransition });
const paths = model.getShortestPaths();
const file = new File(['First Name\nAda\n'], 'contacts.csv', { type: 'text/csv' });

for (const path of paths) {
  test(`import: ${path.description}`, async () => {
    const calls = new FakeCalls();
    const clock = new SimulatedClock();
    let imported = 0;
    let expectedImported = 0;
    const actor: Actor<typeof contactImportMachine> = createActor(
      contactImportMachine.provide({
        actors: {
          upload: calls.actor('upload'),
          poll: calls.actor('poll'),
          rollback: calls.actor('rollback'),
        },
        actions: {
          imported: () => {
            imported += 1;
          },
        },
      }),
      { clock, inspect: coverage.inspect },
    ).start();

    await path.test({
      events: {
        'import.start': () =>
          actor.send({
            type: 'import.start',
            file,
            options: { duplicates: 'update', contactListId: 3, mapping: null },
          }),
        'upload.finished': async () => {
          expect(await calls.settle(report('completed', 100))).toBe('upload');
          expectedImported += 1;
        },
        'upload.queued': async () => {
          expect(await calls.settle(report('queued', 0))).toBe('upload');
        },
        'upload.fail': async () => {
          expect(await calls.fail(new ApiError(413, 'The CSV file must be at most 100 MB'))).toBe('upload');
        },
        'clock.almost': () => clock.increment(IMPORT_POLL_MS - 1),
        'clock.elapsed': () => clock.increment(IMPORT_POLL_MS),
        'poll.running': async () => {
          expect(await calls.settle(report('running', 40))).toBe('poll');
          expect(selectImportReport(actor.getSnapshot())?.progress).toBe(40);
        },
        'poll.finished': async () => {
          expect(await calls.settle(report('completed', 100))).toBe('poll');
          expectedImported += 1;
        },
        'poll.fail': async () => {
          expect(await calls.fail(new ApiError(0, 'Network error'))).toBe('poll');
        },
        'call.fail': async () => {
          expect(await calls.fail(new ApiError(500, 'Rollback failed'))).toBe('rollback');
          expect(selectImportError(actor.getSnapshot())).toContain('Rollback failed');
        },
        'import.rollback': () => actor.send({ type: 'import.rollback' }),
        'call.succeed': async () => {
          expect(await calls.settle(report('rolled-back', 100))).toBe('rollback');
          expectedImported += 1;
        },
        'import.reset': () => actor.send({ type: 'import.reset' }),
      },
      states: {
        idle: () => {
          expect(selectImportReport(actor.getSnapshot())).toBeNull();
          expect(selectImportBusy(actor.getSnapshot())).toBe(false);
        },
        uploading: () => {
          expect(selectImportBusy(actor.getSnapshot())).toBe(true);
          expect(calls.calls.at(-1)).toEqual({
            name: 'upload',
            input: { file, options: { duplicates: 'update', contactListId: 3, mapping: null } },
          });
        },
        waiting: () => expect(actor.getSnapshot().value).toBe('waiting'),
        polling: () => expect(calls.calls.at(-1)).toEqual({ name: 'poll', input: { id: 7 } }),
        done: () => {
          const snapshot = actor.getSnapshot();
          expect(snapshot.value).toBe('done');
          expect(imported).toBe(expectedImported);
          const status = selectImportReport(snapshot)?.status;
          expect(selectCanRollback(snapshot)).toBe(status === 'completed');
        },
        rollingBack: () => expect(calls.calls.at(-1)).toEqual({ name: 'rollback', input: { id: 7 } }),
        failed: () =>
          expect(selectImportError(actor.getSnapshot())).toBe(
            'Import failed: The CSV file must be at most 100 MB',
          ),
      },
    });
  });
}

test('the paths walk every state and transition of the model', () => {
  const { edges, states } = walked(paths, 'idle');
  expect([...declaredStates(importModel)].filter((s) => s !== 'importModel' && !states.has(s))).toEqual([]);
  expect([...declaredTransitions(importModel)].filter((e) => !edges.has(e))).toEqual([]);
});

testRealCoverage(coverage, 'contactImportMachine');
