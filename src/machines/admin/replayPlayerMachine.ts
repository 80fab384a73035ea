import { assign, type SnapshotFrom, setup } from 'xstate';

/** How long a step shows while playing. */
export const PLAY_STEP_MS = 700;

export type ReplayPlayerEvent =
  | { type: 'player.load'; count: number }
  | { type: 'player.next' }
  | { type: 'player.previous' }
  | { type: 'player.seek'; index: number }
  | { type: 'player.play' }
  | { type: 'player.pause' };

export type ReplayPlayerContext = { index: number; count: number };

const clamp = (index: number, count: number) => Math.max(0, Math.min(count - 1, Math.trunc(index)));

/** The admin Session Replay's stepper: which step of the open session shows, and playing it through. */
export const replayPlayerMachine = setup({
  types: { context: {} as ReplayPlayerContext, events: {} as ReplayPlayerEvent },
  actions: {
    next: assign(({ context }) => ({ index: clamp(context.index + 1, context.count) })),
  },
  guards: {
    hasNext: ({ context }) => context.index < context.count - 1,
  },
}).createMachine({
  id: 'replayPlayer',
  context: { index: 0, count: 0 },
  initial: 'paused',
  on: {
    'player.load': { target: '.paused', actions: assign(({ event }) => ({ index: 0, count: event.count })) },
    'player.previous': {
      target: '.paused',
      actions: assign(({ context }) => ({ index: clamp(context.index - 1, context.count) })),
    },
    'player.next': { target: '.paused', actions: 'next' },
    'player.seek': {
      target: '.paused',
      actions: assign(({ context, event }) => ({ index: clamp(event.index, context.count) })),
    },
  },
  states: {
    paused: { on: { 'player.play': { guard: 'hasNext', target: 'playing' } } },
    playing: {
      on: { 'player.pause': { target: 'paused' } },
      after: {
        [PLAY_STEP_MS]: [
          { guard: 'hasNext', target: 'playing', reenter: true, actions: 'next' },
          { target: 'paused' },
        ],
      },
    },
  },
});

type ReplayPlayerSnapshot = SnapshotFrom<typeof replayPlayerMachine>;

export const selectStepIndex = (snapshot: ReplayPlayerSnapshot): number => snapshot.context.index;
export const selectIsPlaying = (snapshot: ReplayPlayerSnapshot): boolean => snapshot.matches('playing');
