import { expect, test } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { PLAY_STEP_MS, replayPlayerMachine } from '../../src/machines/admin/replayPlayerMachine.ts';

test('the replay stepper stays within the session; playing advances one step per tick and stops at the end', () => {
  const clock = new SimulatedClock();
  const player = createActor(replayPlayerMachine, { clock }).start();
  player.send({ type: 'player.load', count: 3 });
  player.send({ type: 'player.previous' });
  expect(player.getSnapshot().context.index).toBe(0);
  player.send({ type: 'player.seek', index: 99 });
  expect(player.getSnapshot().context.index).toBe(2);
  player.send({ type: 'player.play' });
  expect(player.getSnapshot().value).toBe('paused'); // nothing left to play

  player.send({ type: 'player.seek', index: 0 });
  player.send({ type: 'player.play' });
  expect(player.getSnapshot().value).toBe('playing');
  clock.increment(PLAY_STEP_MS);
  expect(player.getSnapshot().context.index).toBe(1);
  clock.increment(PLAY_STEP_MS);
  expect(player.getSnapshot().context.index).toBe(2);
  clock.increment(PLAY_STEP_MS);
  expect(player.getSnapshot().value).toBe('paused');

  player.send({ type: 'player.seek', index: 0 });
  player.send({ type: 'player.play' });
  player.send({ type: 'player.next' });
  expect(player.getSnapshot()).toMatchObject({ value: 'paused', context: { index: 1 } });
});
