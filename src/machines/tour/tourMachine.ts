import { assign, not, type SnapshotFrom, setup } from 'xstate';
import { hasFlag, STORAGE_KEYS, setFlag } from '../../services/http/browserStorage.ts';

/** Spec §9: the walkthrough has 6 steps. */
export const TOUR_STEP_COUNT = 6;

export type TourEvent =
  | { type: 'tour.start' }
  | { type: 'tour.next' }
  | { type: 'tour.previous' }
  | { type: 'tour.skip' }
  | { type: 'tour.resume' };

export type TourContext = { step: number };

/**
 * The dashboard walkthrough (systemId `tour`): shown on the first visit until finished or skipped
 * (localStorage `hasSeenWalkthrough`); the header's ? button starts it again. Skip Tour pauses it at its
 * step: until the page is left, `tour.resume` reopens it there (the header's Resume tour).
 */
export const tourMachine = setup({
  types: { context: {} as TourContext, events: {} as TourEvent },
  actions: {
    markSeen: () => setFlag(STORAGE_KEYS.hasSeenWalkthrough),
  },
  guards: {
    hasSeenTour: () => hasFlag(STORAGE_KEYS.hasSeenWalkthrough),
    isLastStep: ({ context }) => context.step >= TOUR_STEP_COUNT - 1,
    isFirstStep: ({ context }) => context.step === 0,
  },
}).createMachine({
  id: 'tour',
  context: { step: 0 },
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'hasSeenTour', target: 'hidden' }, { target: 'visible' }],
    },
    hidden: {
      on: { 'tour.start': { target: 'visible', actions: assign({ step: 0 }) } },
    },
    paused: {
      on: {
        'tour.start': { target: 'visible', actions: assign({ step: 0 }) },
        'tour.resume': { target: 'visible' },
      },
    },
    visible: {
      on: {
        'tour.next': [
          { guard: 'isLastStep', target: 'hidden', actions: ['markSeen', assign({ step: 0 })] },
          { actions: assign(({ context }) => ({ step: context.step + 1 })) },
        ],
        'tour.previous': {
          guard: not('isFirstStep'),
          actions: assign(({ context }) => ({ step: Math.max(0, context.step - 1) })),
        },
        'tour.skip': { target: 'paused', actions: 'markSeen' },
      },
    },
  },
});

type TourSnapshot = SnapshotFrom<typeof tourMachine>;

export const selectTourOpen = (snapshot: TourSnapshot): boolean => snapshot.matches('visible');
/** Skipped part-way: Resume tour reopens it at its step. */
export const selectTourResumable = (snapshot: TourSnapshot): boolean => snapshot.matches('paused');
/** Zero-based index of the current step (while paused, the step it resumes at). */
export const selectTourStep = (snapshot: TourSnapshot): number => snapshot.context.step;
/** "n of 6". */
export const selectTourProgress = (snapshot: TourSnapshot): string =>
  `${snapshot.context.step + 1} of ${TOUR_STEP_COUNT}`;
