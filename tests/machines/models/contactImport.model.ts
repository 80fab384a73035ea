import { createMachine } from 'xstate';

// Effect-free model of a CSV import: a small file comes back finished; a large one comes back queued and is
// polled every 500 ms until it ends (a failed poll waits and asks again); a finished import can be rolled back; an upload failure is reported.
export const importModel = createMachine({
  id: 'importModel',
  initial: 'idle',
  states: {
    idle: { on: { 'import.start': 'uploading' } },
    uploading: { on: { 'upload.finished': 'done', 'upload.queued': 'waiting', 'upload.fail': 'failed' } },
    waiting: { on: { 'clock.almost': 'waiting', 'clock.elapsed': 'polling' } },
    polling: { on: { 'poll.running': 'waiting', 'poll.finished': 'done', 'poll.fail': 'waiting' } },
    done: { on: { 'import.rollback': 'rollingBack', 'import.reset': 'idle', 'import.start': 'uploading' } },
    rollingBack: { on: { 'call.succeed': 'done', 'call.fail': 'done' } },
    failed: { on: { 'import.start': 'uploading', 'import.reset': 'idle' } },
  },
});
