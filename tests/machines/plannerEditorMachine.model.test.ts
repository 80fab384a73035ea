import { expect, test } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { SocialPost } from '../../src/contracts/social.ts';
import {
  draftProblem,
  plannerEditorMachine,
  selectDraft,
  selectDraftChanged,
  selectEditorBusy,
  selectEditorError,
  selectEditorOpen,
  UNSAVED_POST_HINT,
} from '../../src/machines/planner/plannerEditorMachine.ts';
import { ApiError } from '../../src/services/http/ApiError.ts';
import { FakeCalls } from './fakeActors.ts';
import { testRealCoverage, trackCoverage } from './machineCoverage.ts';
import { declaredStates, declaredTransitions, serializeEveryTransition, walked } from './modelCoverage.ts';
import { plannerModel } from './models/plannerEditor.model.ts';

const coverage = trackCoverage(plannerEditorMachine);

const model = createTestModel(plannerModel, { serializeTransition: serializeEveryTransition });
const paths = model.getShortestPaths();

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const saved = (): SocialPost => ({
  id: 7,
  channel: 'linkedin',
  text: 'Spring sale',
  imageUrl: null,
  scheduledAt: inAnHour(),
  status: 'scheduled',
  statusNote: null,
  dueAt: null,
  createdAt: '',
  updatedAt: '',
});

for (const path of paths) {
  test(`planner editor: ${path.description}`, async () => {
    const calls = new FakeCalls();
    const actor: Actor<typeof plannerEditorMachine> = createActor(
      plannerEditorMachine.provide({
        actors: {
          savePost: calls.actor('savePost'),
          deletePost: calls.actor('deletePost'),
          reschedulePost: calls.actor('reschedulePost'),
        },
      }),
      { inspect: coverage.inspect },
    ).start();
    let lastCall = '';

    await path.test({
      events: {
        'planner.new': () => actor.send({ type: 'planner.new' }),
        'planner.edit': () => actor.send({ type: 'planner.edit', post: saved() }),
        'planner.reschedule': () => {
          actor.send({ type: 'planner.reschedule', post: saved(), scheduledAt: inAnHour() });
          lastCall = 'reschedulePost';
        },
        'change.valid': () =>
          actor.send({
            type: 'planner.change',
            changes: { channel: 'x', text: 'Hello there', status: 'draft' },
          }),
        'change.tooLong': () =>
          actor.send({ type: 'planner.change', changes: { channel: 'x', text: 'a'.repeat(281) } }),
        'planner.save': () => {
          actor.send({ type: 'planner.save' });
          lastCall = 'savePost';
        },
        'planner.delete': () => {
          actor.send({ type: 'planner.delete' });
          lastCall = 'deletePost';
        },
        'planner.cancel': () => actor.send({ type: 'planner.cancel' }),
        'planner.dismiss': () => actor.send({ type: 'planner.dismiss' }),
        'call.succeed': async () => {
          expect(await calls.settle(saved())).toBe(lastCall);
        },
        'call.fail': async () => {
          expect(await calls.fail(new ApiError(400, 'X posts are limited to 280 characters'))).toBe(lastCall);
        },
      },
      states: {
        closed: () => expect(selectEditorOpen(actor.getSnapshot())).toBe(false),
        newInvalid: () => {
          const s = actor.getSnapshot();
          expect(s.matches('editing')).toBe(true);
          expect(selectDraft(s).id).toBeNull();
          expect(draftProblem(selectDraft(s))).not.toBeNull();
        },
        newBlank: () => {
          const s = actor.getSnapshot();
          expect(s.matches('editing')).toBe(true);
          expect(selectDraft(s)).toMatchObject({ id: null, text: '' });
          expect(selectDraftChanged(s)).toBe(false);
        },
        kept: () => {
          const s = actor.getSnapshot();
          expect(s.matches('editing')).toBe(true);
          expect(selectDraft(s).text).toBe('Hello there');
          expect(selectEditorError(s)).toBe(UNSAVED_POST_HINT);
          expect(selectDraftChanged(s)).toBe(true);
        },
        newValid: () => {
          const s = actor.getSnapshot();
          expect(s.matches('editing')).toBe(true);
          expect(draftProblem(selectDraft(s))).toBeNull();
          expect(selectEditorError(s)).toBeNull();
        },
        savedValid: () => {
          const s = actor.getSnapshot();
          expect(s.matches('editing')).toBe(true);
          expect(selectDraft(s)).toMatchObject({ id: 7, channel: 'linkedin', status: 'scheduled' });
        },
        saving: () => {
          const s = actor.getSnapshot();
          expect(s.matches('saving')).toBe(true);
          expect(selectEditorBusy(s)).toBe(true);
          const input = calls.calls.at(-1)?.input as { post: { text: string } };
          expect(input.post.text).toBe(selectDraft(s).text.trim());
        },
        deleting: () => {
          expect(actor.getSnapshot().matches('deleting')).toBe(true);
          expect(calls.calls.at(-1)).toEqual({ name: 'deletePost', input: { id: 7 } });
        },
        failed: () => {
          const s = actor.getSnapshot();
          expect(s.matches('editing')).toBe(true);
          expect(selectEditorError(s)).toBe('X posts are limited to 280 characters');
        },
        rescheduling: () => {
          expect(actor.getSnapshot().matches('rescheduling')).toBe(true);
          expect(calls.calls.at(-1)?.name).toBe('reschedulePost');
        },
      },
    });
  });
}

test('the generated planner paths cover every state and transition of the model', () => {
  const { edges, states } = walked(paths, 'closed');
  expect([...declaredStates(plannerModel)].filter((s) => s !== 'plannerModel' && !states.has(s))).toEqual([]);
  expect([...declaredTransitions(plannerModel)].filter((e) => !edges.has(e))).toEqual([]);
});

test('a save refused by the draft rules says why and calls nothing', () => {
  const calls = new FakeCalls();
  const actor = createActor(
    plannerEditorMachine.provide({ actors: { savePost: calls.actor('savePost') } }),
  ).start();
  actor.send({ type: 'planner.new' });
  actor.send({ type: 'planner.change', changes: { text: 'Soon', status: 'scheduled', scheduledAt: '' } });
  actor.send({ type: 'planner.save' });
  expect(selectEditorError(actor.getSnapshot())).toBe('Choose a date and time to schedule the post');
  expect(calls.calls).toEqual([]);
});

test('a new post with a text (the AI Assistant) starts with it, and never replaces a post being written', () => {
  const actor = createActor(plannerEditorMachine).start();
  actor.send({ type: 'planner.new', text: 'Fresh bread every Friday' });
  expect(actor.getSnapshot().context.draft).toMatchObject({ id: null, text: 'Fresh bread every Friday' });

  actor.send({ type: 'planner.change', changes: { text: 'My own words' } });
  actor.send({ type: 'planner.new', text: 'Another idea' });
  expect(actor.getSnapshot().value).toBe('editing');
  expect(actor.getSnapshot().context.draft.text).toBe('My own words');
});

testRealCoverage(coverage, 'plannerEditorMachine');
