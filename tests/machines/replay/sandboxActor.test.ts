import { expect, test } from 'vitest';
import { selectView } from '../../../src/machines/app/appMachine.ts';
import { createReplayRecorder } from '../../../src/machines/replay/replayRecorder.ts';
import { replaySession } from '../../../src/machines/replay/replaySession.ts';
import { childrenAt, createSandboxActor } from '../../../src/machines/replay/sandboxActor.ts';
import { selectTourStep } from '../../../src/machines/tour/tourMachine.ts';
import { anonymousLoad, createAppHarness, storedAlice } from '../appHarness.ts';

test('a sandbox actor stands where the replay stands: the root as replayed, children as recorded', () => {
  const recorder = createReplayRecorder();
  const h = createAppHarness({ ...anonymousLoad, session: storedAlice }, { inspect: recorder.inspect });
  h.actor.system.get('tour')?.send({ type: 'tour.start' });
  h.actor.system.get('tour')?.send({ type: 'tour.next' });
  h.actor.system.get('tour')?.send({ type: 'tour.next' });
  h.actor.send({ type: 'website.create' });
  const entries = recorder.nextBatch(1000)?.entries ?? [];
  const replay = replaySession(entries);
  const tourAt = replay.steps.findLastIndex((step) => step.entry.actor === 'tour');

  const actor = createSandboxActor(replay.machine, replay.snapshotAt(tourAt)!, childrenAt(replay, tourAt));
  actor.start();
  expect(selectView(actor.getSnapshot())).toBe('dashboard');
  const tour = actor.system.get('tour');
  expect(tour?.getSnapshot().value).toBe('visible');
  expect(selectTourStep(tour?.getSnapshot())).toBe(2);
  expect(actor.system.get('session')?.getSnapshot().value).toBe('authenticated');
  actor.stop();

  const last = replay.steps.length - 1;
  const later = createSandboxActor(replay.machine, replay.snapshotAt(last)!, childrenAt(replay, last));
  later.start();
  expect(selectView(later.getSnapshot())).toBe('flowChoice');
  later.stop();
});
