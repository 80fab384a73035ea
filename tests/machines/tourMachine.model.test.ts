import { expect, test } from 'vitest';
import { type Actor, assign, createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import {
  selectTourOpen,
  selectTourProgress,
  selectTourResumable,
  selectTourStep,
  TOUR_STEP_COUNT,
  tourMachine,
} from '../../src/machines/tour/tourMachine.ts';
import { testRealCoverage, trackCoverage } from './machineCoverage.ts';
import { declaredStates, declaredTransitions, serializeEveryTransition, walked } from './modelCoverage.ts';
import { paused, step, tourModel } from './models/tour.model.ts';

const coverage = trackCoverage(tourMachine);

const model = createTestModel(tourModel, { serializeTransition: serializeEveryTransition });
const paths = model.getShortestPaths();

for (const path of paths) {
  test(`tour: ${path.description}`, async () => {
    let actor!: Actor<typeof tourMachine>;
    let marks = 0;
    let expectedMarks = 0;
    let lastEvent = '';
    // The step kept while the tour shows (the tab's storage), which a reload reads back.
    let kept: number | null = null;
    const load = (seen: boolean, keptBefore: number | null = null) => {
      kept = keptBefore;
      actor = createActor(
        tourMachine.provide({
          guards: { hasSeenTour: () => seen, wasShowing: () => kept !== null },
          actions: {
            markSeen: () => {
              marks += 1;
            },
            keepStep: ({ context }) => {
              kept = context.step;
            },
            forgetStep: () => {
              kept = null;
            },
            restoreStep: assign({ step: () => kept ?? 0 }),
          },
        }),
        { inspect: coverage.inspect },
      ).start();
    };
    const send = (type: 'tour.next' | 'tour.previous' | 'tour.skip' | 'tour.start' | 'tour.resume') => {
      const wasOpen = selectTourOpen(actor.getSnapshot());
      const wasLast = selectTourStep(actor.getSnapshot()) === TOUR_STEP_COUNT - 1;
      // Finish (Next on the last step) and Skip Tour mark the tour seen; nothing else does.
      if (wasOpen && (type === 'tour.skip' || (type === 'tour.next' && wasLast))) expectedMarks += 1;
      lastEvent = type;
      actor.send({ type });
    };

    await path.test({
      events: {
        'load.firstVisit': () => load(false),
        'load.seenBefore': () => load(true),
        'load.midTour': () => load(false, 2),
        'tour.next': () => send('tour.next'),
        'tour.previous': () => send('tour.previous'),
        'tour.skip': () => send('tour.skip'),
        'tour.start': () => send('tour.start'),
        'tour.resume': () => send('tour.resume'),
      },
      states: {
        hidden: () => {
          expect(selectTourOpen(actor.getSnapshot())).toBe(false);
          // Finished (or never shown): a reload does not bring it back.
          expect(kept).toBeNull();
          // Nothing to resume: never skipped, or finished.
          expect(selectTourResumable(actor.getSnapshot())).toBe(false);
          expect(marks).toBe(expectedMarks);
        },
        ...Object.fromEntries(
          Array.from({ length: TOUR_STEP_COUNT }, (_, index) => [
            paused(index + 1),
            () => {
              const snapshot = actor.getSnapshot();
              expect(selectTourOpen(snapshot)).toBe(false);
              expect(selectTourResumable(snapshot)).toBe(true);
              // Skipped: a reload leaves it closed, as before.
              expect(kept).toBeNull();
              // It resumes at the step it was skipped at.
              expect(selectTourProgress(snapshot)).toBe(`${index + 1} of 6`);
              expect(marks).toBe(expectedMarks);
            },
          ]),
        ),
        ...Object.fromEntries(
          Array.from({ length: TOUR_STEP_COUNT }, (_, index) => [
            step(index + 1),
            () => {
              const snapshot = actor.getSnapshot();
              expect(selectTourOpen(snapshot)).toBe(true);
              expect(selectTourResumable(snapshot)).toBe(false);
              expect(selectTourStep(snapshot)).toBe(index);
              expect(selectTourProgress(snapshot)).toBe(`${index + 1} of 6`);
              // A reload now would continue here.
              expect(kept).toBe(index);
              expect(marks).toBe(expectedMarks);
              // The ? button reopens the tour at its first step.
              if (lastEvent === 'tour.start' && index === 0) expect(snapshot.context.step).toBe(0);
            },
          ]),
        ),
      },
    });
  });
}

test('the generated tour paths cover every state and transition of the model', () => {
  const { edges, states } = walked(paths, 'loading');
  expect([...declaredStates(tourModel)].filter((s) => s !== 'tourModel' && !states.has(s))).toEqual([]);
  expect([...declaredTransitions(tourModel)].filter((e) => !edges.has(e))).toEqual([]);
});

test('the whole tour from a first visit: 1 of 6 to 6 of 6, then Finish', () => {
  const actor = createActor(tourMachine.provide({ guards: { hasSeenTour: () => false } })).start();
  const seen: string[] = [];
  for (let i = 0; i < TOUR_STEP_COUNT; i++) {
    seen.push(selectTourProgress(actor.getSnapshot()));
    actor.send({ type: 'tour.next' });
  }
  expect(seen).toEqual(['1 of 6', '2 of 6', '3 of 6', '4 of 6', '5 of 6', '6 of 6']);
  expect(selectTourOpen(actor.getSnapshot())).toBe(false);
});

testRealCoverage(coverage, 'tourMachine');
