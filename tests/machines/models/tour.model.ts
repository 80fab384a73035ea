import { createMachine } from 'xstate';
import { TOUR_STEP_COUNT } from '../../../src/machines/tour/tourMachine.ts';

// Effect-free model of the walkthrough (spec §2, §4, §9): six steps, Previous / Skip Tour / Next or
// Finish, shown on a first visit until finished or skipped, reopened with ?. Skip Tour pauses it at its
// step, and Resume tour reopens it there. A reload while it shows continues it at its step (`load.midTour`: the
// third step was kept). Events a state ignores are modelled as self-loops, so the tests
// also prove they change nothing.
export const step = (n: number) => `step${n}`;
export const paused = (n: number) => `paused${n}`;
const stepStates = Object.fromEntries(
  Array.from({ length: TOUR_STEP_COUNT }, (_, index) => {
    const n = index + 1;
    return [
      step(n),
      {
        on: {
          'tour.next': n === TOUR_STEP_COUNT ? 'hidden' : step(n + 1),
          'tour.previous': n === 1 ? step(1) : step(n - 1),
          'tour.skip': paused(n),
          'tour.start': step(n),
          'tour.resume': step(n),
        },
      },
    ];
  }),
);
const pausedStates = Object.fromEntries(
  Array.from({ length: TOUR_STEP_COUNT }, (_, index) => {
    const n = index + 1;
    const self = paused(n);
    return [
      self,
      {
        on: {
          'tour.resume': step(n),
          'tour.start': step(1),
          'tour.next': self,
          'tour.previous': self,
          'tour.skip': self,
        },
      },
    ];
  }),
);

export const tourModel = createMachine({
  id: 'tourModel',
  initial: 'loading',
  states: {
    loading: { on: { 'load.firstVisit': step(1), 'load.seenBefore': 'hidden', 'load.midTour': step(3) } },
    hidden: {
      on: {
        'tour.start': step(1),
        'tour.next': 'hidden',
        'tour.previous': 'hidden',
        'tour.skip': 'hidden',
        'tour.resume': 'hidden',
      },
    },
    ...stepStates,
    ...pausedStates,
  },
});
