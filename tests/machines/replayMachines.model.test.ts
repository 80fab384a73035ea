import { expect, test } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { createTestModel } from 'xstate/graph';
import {
  replaySettingsMachine,
  selectReplaySaveFailed,
  selectReplaySaving,
} from '../../src/machines/account/replaySettingsMachine.ts';
import {
  PLAY_STEP_MS,
  replayPlayerMachine,
  selectIsPlaying,
  selectStepIndex,
} from '../../src/machines/admin/replayPlayerMachine.ts';
import { ApiError } from '../../src/services/http/ApiError.ts';
import { FakeCalls } from './fakeActors.ts';
import { testRealCoverage, trackCoverage } from './machineCoverage.ts';
import { declaredStates, declaredTransitions, serializeEveryTransition, walked } from './modelCoverage.ts';
import { replayPlayerModel, replaySettingsModel } from './models/writes.model.ts';

type Model = Parameters<typeof createTestModel>[0];
const pathsOf = (model: Model) =>
  createTestModel(model, { serializeTransition: serializeEveryTransition }).getShortestPaths();

function testModelWalk(name: string, model: Model, initial: string) {
  test(`${name}: the generated paths walk every state and transition of the model`, () => {
    const { edges, states } = walked(pathsOf(model), initial);
    expect([...declaredStates(model)].filter((s) => s !== model.id && !states.has(s))).toEqual([]);
    expect([...declaredTransitions(model)].filter((e) => !edges.has(e))).toEqual([]);
  });
}

// The recording switch of User Settings: the choice is saved as the opt-out the server keeps.
const settingsCoverage = trackCoverage(replaySettingsMachine);
for (const path of pathsOf(replaySettingsModel)) {
  test(`replaySettingsMachine: ${path.description}`, async () => {
    const calls = new FakeCalls();
    const actor = createActor(
      replaySettingsMachine.provide({ actors: { saveSettings: calls.actor('saveSettings') } }),
      { inspect: settingsCoverage.inspect },
    ).start();
    let failed = false;
    let optOut: boolean | null = null;
    await path.test({
      events: {
        'switch.off': () => {
          optOut = true;
          actor.send({ type: 'replay.setRecording', recording: false });
        },
        'switch.on': () => {
          optOut = false;
          actor.send({ type: 'replay.setRecording', recording: true });
        },
        'call.succeed': async () => {
          await calls.settle({ optOut });
          failed = false;
        },
        'call.fail': async () => {
          await calls.fail(new ApiError(500, 'Internal Server Error'));
          failed = true;
        },
      },
      states: {
        idle: () => {
          expect(selectReplaySaving(actor.getSnapshot())).toBe(false);
          expect(selectReplaySaveFailed(actor.getSnapshot())).toBe(failed);
        },
        saving: () => {
          expect(selectReplaySaving(actor.getSnapshot())).toBe(true);
          expect(calls.calls.at(-1)).toEqual({ name: 'saveSettings', input: { optOut } });
        },
      },
    });
  });
}
testModelWalk('replaySettingsMachine', replaySettingsModel, 'idle');
testRealCoverage(settingsCoverage, 'replaySettingsMachine');

// The admin's stepper over a recorded session of three steps.
const playerCoverage = trackCoverage(replayPlayerMachine);
const expected: Record<string, { index: number; playing: boolean }> = {
  unloaded: { index: 0, playing: false },
  first: { index: 0, playing: false },
  middle: { index: 1, playing: false },
  last: { index: 2, playing: false },
  playingFirst: { index: 0, playing: true },
  playingMiddle: { index: 1, playing: true },
  playingLast: { index: 2, playing: true },
};
for (const path of pathsOf(replayPlayerModel)) {
  test(`replayPlayerMachine: ${path.description}`, async () => {
    const clock = new SimulatedClock();
    const actor = createActor(replayPlayerMachine, { clock, inspect: playerCoverage.inspect }).start();
    const states = Object.fromEntries(
      Object.entries(expected).map(([state, want]) => [
        state,
        () => {
          expect(selectStepIndex(actor.getSnapshot())).toBe(want.index);
          expect(selectIsPlaying(actor.getSnapshot())).toBe(want.playing);
        },
      ]),
    );
    await path.test({
      events: {
        load: () => actor.send({ type: 'player.load', count: 3 }),
        next: () => actor.send({ type: 'player.next' }),
        previous: () => actor.send({ type: 'player.previous' }),
        seekLast: () => actor.send({ type: 'player.seek', index: 99 }),
        play: () => actor.send({ type: 'player.play' }),
        pause: () => actor.send({ type: 'player.pause' }),
        tick: () => clock.increment(PLAY_STEP_MS),
      },
      states,
    });
  });
}
testModelWalk('replayPlayerMachine', replayPlayerModel, 'unloaded');
testRealCoverage(playerCoverage, 'replayPlayerMachine');
