// The walkthrough's selectors, in a module of their own: the dashboard header shows Resume tour with the first
// screen, the machine's code (tourMachine.ts) loads after it.

/** Spec §9: the walkthrough has 6 steps. */
export const TOUR_STEP_COUNT = 6;

export type TourContext = { step: number };

/** What the selectors read of the tour machine's snapshot. */
type TourSnapshot = {
  context: TourContext;
  matches: (state: 'checking' | 'hidden' | 'paused' | 'visible') => boolean;
};

export const selectTourOpen = (snapshot: TourSnapshot): boolean => snapshot.matches('visible');
/** Skipped part-way: Resume tour reopens it at its step. */
export const selectTourResumable = (snapshot: TourSnapshot): boolean => snapshot.matches('paused');
/** Zero-based index of the current step (while paused, the step it resumes at). */
export const selectTourStep = (snapshot: TourSnapshot): number => snapshot.context.step;
/** "n of 6". */
export const selectTourProgress = (snapshot: TourSnapshot): string =>
  `${snapshot.context.step + 1} of ${TOUR_STEP_COUNT}`;
