import { assign, not, setup } from 'xstate';
import { hasFlag, readCount, STORAGE_KEYS, setFlag } from '../../services/http/browserStorage.ts';
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
 * step: until the page is left, `tour.resume` reopens it there (the header's Resume tour). While it shows, its
 * step is kept for the tab (sessionStorage `walkthroughStep`): a reload continues it at that step.
 */
export const tourMachine = setup({
  types: { context: {} as TourContext, events: {} as TourEvent },
  actions: {
    markSeen: () => setFlag(STORAGE_KEYS.hasSeenWalkthrough),
    keepStep: ({ context }) => sessionStorage.setItem(STORAGE_KEYS.walkthroughStep, String(context.step)),
    forgetStep: () => sessionStorage.removeItem(STORAGE_KEYS.walkthroughStep),
    /** The step kept before the reload. */
    restoreStep: assign({ step: () => readCount(STORAGE_KEYS.walkthroughStep) ?? 0 }),
  },
  guards: {
    hasSeenTour: () => hasFlag(STORAGE_KEYS.hasSeenWalkthrough),
    /** The tour was showing when the page was reloaded (a step of the six is kept). */
    wasShowing: () => (readCount(STORAGE_KEYS.walkthroughStep) ?? TOUR_STEP_COUNT) < TOUR_STEP_COUNT,
    isLastStep: ({ context }) => context.step >= TOUR_STEP_COUNT - 1,
    isFirstStep: ({ context }) => context.step === 0,
  },
}).createMachine({
  id: 'tour',
  context: { step: 0 },
  initial: 'checking',
  states: {
    checking: {
      always: [
        // A reload mid-tour (a first visit's, or one the ? button started): it continues where it was (Finish and
        // Skip forget the step).
        { guard: 'wasShowing', target: 'visible', actions: 'restoreStep' },
        { guard: 'hasSeenTour', target: 'hidden' },
        { target: 'visible' },
      ],
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
      entry: 'keepStep',
      on: {
        'tour.next': [
          {
            guard: 'isLastStep',
            target: 'hidden',
            actions: ['markSeen', 'forgetStep', assign({ step: 0 })],
          },
          { actions: [assign(({ context }) => ({ step: context.step + 1 })), 'keepStep'] },
        ],
        'tour.previous': {
          guard: not('isFirstStep'),
          actions: [assign(({ context }) => ({ step: Math.max(0, context.step - 1) })), 'keepStep'],
        },
        'tour.skip': { target: 'paused', actions: ['markSeen', 'forgetStep'] },
      },
    },
  },
});
