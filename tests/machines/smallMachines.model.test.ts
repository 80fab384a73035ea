import { afterEach, expect, test } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { invitationMachine } from '../../src/machines/invitationMachine.ts';
import { passwordFormMachine } from '../../src/machines/passwordFormMachine.ts';
import { profileFormMachine, selectProfileRefusal } from '../../src/machines/profileFormMachine.ts';
import { selectToastQueue, toastsMachine } from '../../src/machines/toastsMachine.ts';
import { ApiError } from '../../src/services/ApiError.ts';
import { PENDING_INVITATION_KEY } from '../../src/services/invitationLink.ts';
import { FakeCalls } from './fakeActors.ts';
import { testRealCoverage, trackCoverage } from './machineCoverage.ts';
import { declaredStates, declaredTransitions, serializeEveryTransition, walked } from './modelCoverage.ts';
import { invitationModel, passwordFormModel, profileFormModel, toastsModel } from './models/writes.model.ts';

const pathsOf = (model: Parameters<typeof createTestModel>[0]) =>
  createTestModel(model, { serializeTransition: serializeEveryTransition }).getShortestPaths();

function testModelWalk(name: string, model: Parameters<typeof createTestModel>[0], initial: string) {
  test(`${name}: the generated paths walk every state and transition of the model`, () => {
    const { edges, states } = walked(pathsOf(model), initial);
    expect([...declaredStates(model)].filter((s) => s !== model.id && !states.has(s))).toEqual([]);
    expect([...declaredTransitions(model)].filter((e) => !edges.has(e))).toEqual([]);
  });
}

// The profile and password forms: a submit saves, a second submit while saving is ignored, the answer
// updates the session (user, or the new token) with the spec's toasts.
const forms = [
  {
    name: 'profileFormMachine',
    machine: profileFormMachine,
    model: profileFormModel,
    call: 'updateProfile',
    submit: {
      type: 'profile.submit',
      name: 'Alice A.',
      email: 'alice.new@example.com',
      currentPassword: 'secret1',
    },
    output: { id: 'u1', name: 'Alice A.', email: 'alice.new@example.com' },
    session: 'updateSession',
    done: 'saved',
    toasts: { done: 'Profile updated successfully', failed: 'Failed to update profile' },
    // A server failure only toasts; a 403 (wrong current password) is also kept for the form to show.
    failure: new ApiError(500, 'Internal Server Error'),
    refusal: new ApiError(403, 'Current password is incorrect'),
  },
  {
    name: 'passwordFormMachine',
    machine: passwordFormMachine,
    model: passwordFormModel,
    call: 'changePassword',
    submit: { type: 'password.submit', currentPassword: 'secret1', newPassword: 'secret2' },
    output: { message: 'Password changed', token: 'token-2' },
    session: 'keepToken',
    done: 'changed',
    toasts: {
      done: 'Password changed successfully',
      failed: 'Failed to change password. Please check your current password.',
    },
    failure: new ApiError(400, 'Current password is incorrect'),
    refusal: null,
  },
] as const;

// The profile form's kept refusal, read with its own selector.
const refusalOf = (actor: { getSnapshot(): unknown }) =>
  selectProfileRefusal(actor.getSnapshot() as SnapshotFrom<typeof profileFormMachine>);

for (const form of forms) {
  const coverage = trackCoverage(form.machine);
  for (const path of pathsOf(form.model)) {
    test(`${form.name}: ${path.description}`, async () => {
      const calls = new FakeCalls();
      const effects: string[] = [];
      const actor = createActor(
        form.machine.provide({
          actors: { [form.call]: calls.actor(form.call) },
          actions: {
            [form.session]: () => effects.push('session'),
            toastSaved: () => effects.push(form.toasts.done),
            toastChanged: () => effects.push(form.toasts.done),
            toastFailed: () => effects.push(form.toasts.failed),
          },
        } as never),
        { inspect: coverage.inspect },
      ).start();
      await path.test({
        events: {
          submit: () => actor.send(form.submit as never),
          'call.succeed': async () => {
            expect(await calls.settle(form.output)).toBe(form.call);
          },
          'call.fail': async () => {
            expect(await calls.fail(form.failure)).toBe(form.call);
          },
          'call.refuse': async () => {
            expect(await calls.fail(form.refusal ?? form.failure)).toBe(form.call);
          },
        },
        states: {
          idle: () => expect(actor.getSnapshot().value).toBe('idle'),
          saving: () => {
            expect(actor.getSnapshot().hasTag('busy')).toBe(true);
            const { type: _type, ...input } = form.submit;
            expect(calls.calls.at(-1)).toEqual({ name: form.call, input });
            expect(calls.only()).toBe(form.call);
            // A new save forgets the last refusal.
            if (form.refusal) expect(refusalOf(actor)).toBe(null);
          },
          done: () => {
            expect(actor.getSnapshot().value).toBe(form.done);
            expect(effects.slice(-2)).toEqual(['session', form.toasts.done]);
          },
          failed: () => {
            expect(actor.getSnapshot().value).toBe('failed');
            expect(effects.at(-1)).toBe(form.toasts.failed);
            if (form.refusal) expect(refusalOf(actor)).toBe(null);
          },
          refused: () => {
            expect(actor.getSnapshot().value).toBe('failed');
            expect(effects.at(-1)).toBe(form.toasts.failed);
            expect(refusalOf(actor)).toBe('Current password is incorrect');
          },
        },
      });
    });
  }
  testModelWalk(form.name, form.model, 'idle');
  testRealCoverage(coverage, form.name);
}

// The invitation link: a token kept for this tab is sent once, and forgotten whatever the answer.
const invitationCoverage = trackCoverage(invitationMachine);
afterEach(() => sessionStorage.clear());
for (const path of pathsOf(invitationModel)) {
  test(`invitationMachine: ${path.description}`, async () => {
    const calls = new FakeCalls();
    const effects: string[] = [];
    let actor!: ReturnType<typeof createActor<typeof invitationMachine>>;
    const open = () => {
      actor = createActor(
        invitationMachine.provide({
          actors: { acceptInvitation: calls.actor('acceptInvitation') },
          actions: {
            refreshAccounts: () => effects.push('refreshAccounts'),
            switchAccount: (_, params) => effects.push(`switch:${params.accountId}`),
            toastJoined: (_, params) => effects.push(`joined:${params.accountName}`),
            toastFailed: () => effects.push('failed'),
          },
        }),
        { inspect: invitationCoverage.inspect },
      ).start();
    };
    await path.test({
      events: {
        'open.withToken': () => {
          sessionStorage.setItem(PENDING_INVITATION_KEY, 'tok-1234567890abcdef');
          open();
        },
        'open.withoutToken': open,
        'call.succeed': async () => {
          await calls.settle({ accountId: 'a7', accountName: 'Bakery' });
          expect(effects).toEqual(['refreshAccounts', 'switch:a7', 'joined:Bakery']);
        },
        'call.fail': async () => {
          await calls.fail(new ApiError(410, 'This invitation has expired'));
          expect(effects).toEqual(['failed']);
        },
      },
      states: {
        opening: () => {},
        accepting: () =>
          expect(calls.calls).toEqual([
            { name: 'acceptInvitation', input: { token: 'tok-1234567890abcdef' } },
          ]),
        done: () => {
          expect(actor.getSnapshot().status).toBe('done');
          expect(sessionStorage.getItem(PENDING_INVITATION_KEY)).toBeNull();
        },
      },
    });
  });
}
testModelWalk('invitationMachine', invitationModel, 'opening');
testRealCoverage(invitationCoverage, 'invitationMachine');

// The toast queue: shown toasts queue with their spec durations; the bridge's delivery removes them.
const toastsCoverage = trackCoverage(toastsMachine);
for (const path of pathsOf(toastsModel)) {
  test(`toastsMachine: ${path.description}`, async () => {
    const actor = createActor(toastsMachine, { inspect: toastsCoverage.inspect }).start();
    let expected: string[] = [];
    let shown = 0;
    await path.test({
      events: {
        'toast.show': () => {
          shown += 1;
          actor.send({ type: 'toast.show', toast: { type: 'error', title: `T${shown}` } });
          expected = [...expected, `T${shown}`];
        },
        'toast.delivered': () => {
          const first = selectToastQueue(actor.getSnapshot())[0];
          actor.send({ type: 'toast.delivered', id: first?.id ?? 'none' });
          expected = expected.slice(1);
        },
      },
      states: {
        queue: () => {
          const queue = selectToastQueue(actor.getSnapshot());
          expect(queue.map((t) => t.title)).toEqual(expected);
          for (const toast of queue) expect(toast.duration).toBe(8000);
        },
      },
    });
  });
}
testModelWalk('toastsMachine', toastsModel, 'queue');
testRealCoverage(toastsCoverage, 'toastsMachine');
