import { type ActorRefFrom, assign, type SnapshotFrom, setup } from 'xstate';
import { type ImportOptions, type ImportReport, importEnded } from '../../contracts/crm.ts';
import { notProvided } from '../app/notProvided.ts';

/** How often a running import's progress is read. */
export const IMPORT_POLL_MS = 500;
export const IMPORT_FAILED = 'Import failed';

export type ContactImportEvent =
  | { type: 'import.start'; file: File; options: ImportOptions }
  | { type: 'import.rollback' }
  | { type: 'import.reset' };

export type ContactImportContext = { report: ImportReport | null; error: string | null };

/**
 * A CSV import: upload; a large file comes back queued and its progress is polled until the job ends;
 * the finished import can be rolled back as a whole.
 */
export const contactImportMachine = setup({
  types: { context: {} as ContactImportContext, events: {} as ContactImportEvent },
  actors: {
    upload: notProvided<ImportReport, { file: File; options: ImportOptions }>('upload'),
    poll: notProvided<ImportReport, { id: number }>('poll'),
    rollback: notProvided<ImportReport, { id: number }>('rollback'),
  },
  actions: { imported: () => {} },
  guards: {
    isFinished: (_, report: ImportReport) => importEnded(report),
  },
}).createMachine({
  id: 'contactImport',
  context: { report: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'import.start': 'uploading',
      },
    },
    uploading: {
      tags: ['busy'],
      entry: assign({ report: null, error: null }),
      invoke: {
        src: 'upload',
        input: ({ event }) => {
          if (event.type !== 'import.start') throw new Error('upload without a file');
          return { file: event.file, options: event.options };
        },
        onDone: [
          {
            guard: { type: 'isFinished', params: ({ event }) => event.output },
            target: 'done',
            actions: [assign({ report: ({ event }) => event.output }), 'imported'],
          },
          { target: 'waiting', actions: assign({ report: ({ event }) => event.output }) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    waiting: {
      tags: ['busy'],
      after: { [IMPORT_POLL_MS]: 'polling' },
    },
    polling: {
      tags: ['busy'],
      invoke: {
        src: 'poll',
        input: ({ context }) => ({ id: context.report?.id ?? 0 }),
        onDone: [
          {
            guard: { type: 'isFinished', params: ({ event }) => event.output },
            target: 'done',
            actions: [assign({ report: ({ event }) => event.output }), 'imported'],
          },
          { target: 'waiting', actions: assign({ report: ({ event }) => event.output }) },
        ],
        onError: { target: 'waiting' },
      },
    },
    done: {
      on: {
        'import.rollback': 'rollingBack',
        'import.reset': { target: 'idle', actions: assign({ report: null, error: null }) },
        'import.start': 'uploading',
      },
    },
    rollingBack: {
      tags: ['busy'],
      invoke: {
        src: 'rollback',
        input: ({ context }) => ({ id: context.report?.id ?? 0 }),
        onDone: { target: 'done', actions: [assign({ report: ({ event }) => event.output }), 'imported'] },
        onError: { target: 'done', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    failed: {
      on: {
        'import.start': 'uploading',
        'import.reset': { target: 'idle', actions: assign({ report: null, error: null }) },
      },
    },
  },
});

function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? `${IMPORT_FAILED}: ${error.message}` : IMPORT_FAILED;
}

export type ContactImportSnapshot = SnapshotFrom<typeof contactImportMachine>;
export type ContactImportActorRef = ActorRefFrom<typeof contactImportMachine>;
export const selectImportReport = (s: ContactImportSnapshot) => s.context.report;
export const selectImportError = (s: ContactImportSnapshot) => s.context.error;
export const selectImportBusy = (s: ContactImportSnapshot) => s.hasTag('busy');
export const selectCanRollback = (s: ContactImportSnapshot) =>
  s.matches('done') && s.context.report?.status === 'completed';
