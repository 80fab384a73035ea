import { assign, not, setup } from 'xstate';
import { hasFlag, STORAGE_KEYS, setFlag } from '../../services/http/browserStorage.ts';
import { TOUR_STEP_COUNT, type TourContext } from './tourSelectors.ts';

export type { TourContext } from './tourSelectors.ts';
export {
  selectTourOpen,
  selectTourProgress,
  selectTourResumable,
  selectTourStep,
  TOUR_STEP_COUNT,
} from './tourSelectors.ts';

export type TourEvent =
  | { type: 'tour.start' }
  | { type: 'tour.next' }
  | { type: 'tour.previous' }
  | { type: 'tour.skip' }
  | { type: 'tour.resume' };

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
