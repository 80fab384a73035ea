import { assign, type SnapshotFrom, setup } from 'xstate';
import type { ReplaySettings } from '../../contracts/replay.ts';
import { notProvided } from '../app/notProvided.ts';

export type ReplaySettingsEvent = { type: 'replay.setRecording'; recording: boolean };

export type ReplaySettingsContext = { failed: boolean };

/** User Settings' "Record my sessions for support" switch: saves the user's choice, one write at a time. */
export const replaySettingsMachine = setup({
  types: { context: {} as ReplaySettingsContext, events: {} as ReplaySettingsEvent },
  actors: {
    /** PUT /api/replay/settings (the live one also updates the cached choice the recorder follows). */
    saveSettings: notProvided<ReplaySettings, ReplaySettings>('saveSettings'),
  },
}).createMachine({
  id: 'replaySettings',
  context: { failed: false },
  initial: 'idle',
  states: {
    idle: { on: { 'replay.setRecording': { target: 'saving' } } },
    saving: {
      tags: ['busy'],
      entry: assign({ failed: false }),
      invoke: {
        src: 'saveSettings',
        input: ({ event }) => ({ optOut: !event.recording }),
        onDone: { target: 'idle' },
        onError: { target: 'idle', actions: assign({ failed: true }) },
      },
    },
  },
});

type ReplaySettingsSnapshot = SnapshotFrom<typeof replaySettingsMachine>;

export const selectReplaySaving = (snapshot: ReplaySettingsSnapshot): boolean => snapshot.hasTag('busy');
export const selectReplaySaveFailed = (snapshot: ReplaySettingsSnapshot): boolean => snapshot.context.failed;
