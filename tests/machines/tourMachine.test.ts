import { describe, expect, test } from 'vitest';
import { createActor } from 'xstate';
import {
  selectTourOpen,
  selectTourProgress,
  selectTourResumable,
  selectTourStep,
  tourMachine,
} from '../../src/machines/tour/tourMachine.ts';

function startTour(seen: boolean) {
  const marks: string[] = [];
  const actor = createActor(
    tourMachine.provide({
      guards: { hasSeenTour: () => seen },
      actions: {
        markSeen: () => {
          marks.push('hasSeenWalkthrough');
        },
      },
    }),
  ).start();
  return { actor, marks };
}

describe('tourMachine', () => {
  test('shows on a first visit, at step 1 of 6', () => {
    const { actor } = startTour(false);

    expect(selectTourOpen(actor.getSnapshot())).toBe(true);
    expect(selectTourProgress(actor.getSnapshot())).toBe('1 of 6');
  });

  test('stays hidden once seen, and the ? button reopens it at the first step', () => {
    const { actor } = startTour(true);
    expect(selectTourOpen(actor.getSnapshot())).toBe(false);

    actor.send({ type: 'tour.start' });

    expect(selectTourOpen(actor.getSnapshot())).toBe(true);
    expect(selectTourStep(actor.getSnapshot())).toBe(0);
  });

  test('Next walks the six steps and Finish on the last marks the tour seen', () => {
    const { actor, marks } = startTour(false);

    for (let i = 0; i < 5; i += 1) actor.send({ type: 'tour.next' });
    expect(selectTourProgress(actor.getSnapshot())).toBe('6 of 6');
    expect(marks).toEqual([]);
    actor.send({ type: 'tour.next' });

    expect(selectTourOpen(actor.getSnapshot())).toBe(false);
    expect(marks).toEqual(['hasSeenWalkthrough']);
  });

  test('Previous goes back but not before the first step', () => {
    const { actor } = startTour(false);

    actor.send({ type: 'tour.previous' });
    expect(selectTourStep(actor.getSnapshot())).toBe(0);
    actor.send({ type: 'tour.next' });
    actor.send({ type: 'tour.next' });
    actor.send({ type: 'tour.previous' });

    expect(selectTourProgress(actor.getSnapshot())).toBe('2 of 6');
  });

  test('Skip Tour closes it and marks it seen', () => {
    const { actor, marks } = startTour(false);

    actor.send({ type: 'tour.next' });
    actor.send({ type: 'tour.skip' });

    expect(selectTourOpen(actor.getSnapshot())).toBe(false);
    expect(marks).toEqual(['hasSeenWalkthrough']);
  });

  test('Skip Tour pauses it at its step; Resume tour reopens it there, ? starts over', () => {
    const { actor } = startTour(false);
    actor.send({ type: 'tour.next' });
    actor.send({ type: 'tour.next' });

    actor.send({ type: 'tour.skip' });
    expect(selectTourOpen(actor.getSnapshot())).toBe(false);
    expect(selectTourResumable(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'tour.resume' });

    expect(selectTourOpen(actor.getSnapshot())).toBe(true);
    expect(selectTourProgress(actor.getSnapshot())).toBe('3 of 6');
    actor.send({ type: 'tour.skip' });
    actor.send({ type: 'tour.start' });
    expect(selectTourProgress(actor.getSnapshot())).toBe('1 of 6');
  });

  test('a finished tour has nothing to resume', () => {
    const { actor } = startTour(false);
    for (let i = 0; i < 6; i += 1) actor.send({ type: 'tour.next' });

    actor.send({ type: 'tour.resume' });

    expect(selectTourOpen(actor.getSnapshot())).toBe(false);
    expect(selectTourResumable(actor.getSnapshot())).toBe(false);
  });

  test('the real flag lives in localStorage hasSeenWalkthrough', () => {
    const first = createActor(tourMachine).start();
    first.send({ type: 'tour.skip' });

    expect(localStorage.getItem('hasSeenWalkthrough')).toBe('true');
    expect(selectTourOpen(createActor(tourMachine).start().getSnapshot())).toBe(false);
  });

  test('a reload in the middle of the tour continues at its step; after Finish or Skip it starts hidden', () => {
    // The real storage (cleared after each test): each actor is one page load.
    const load = () => createActor(tourMachine).start();
    const first = load();
    first.send({ type: 'tour.next' });
    first.send({ type: 'tour.next' });
    first.stop();

    const reloaded = load();
    expect(selectTourOpen(reloaded.getSnapshot())).toBe(true);
    expect(selectTourProgress(reloaded.getSnapshot())).toBe('3 of 6');
    reloaded.send({ type: 'tour.previous' });
    reloaded.stop();
    expect(selectTourProgress(load().getSnapshot())).toBe('2 of 6');

    const finishing = load();
    for (let i = 0; i < 5; i += 1) finishing.send({ type: 'tour.next' });
    finishing.send({ type: 'tour.next' });
    expect(selectTourOpen(load().getSnapshot())).toBe(false);

    localStorage.clear();
    const skipping = load();
    skipping.send({ type: 'tour.next' });
    skipping.send({ type: 'tour.skip' });
    expect(selectTourOpen(load().getSnapshot())).toBe(false);
  });
});
