import { afterEach, expect, test } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { BusinessDetailsInput } from '../../src/contracts/business.ts';
import {
  businessDetailsMachine,
  selectDetailsRefusal,
  selectDetailsUnsaved,
} from '../../src/machines/account/businessDetailsMachine.ts';
import { passwordFormMachine } from '../../src/machines/account/passwordFormMachine.ts';
import {
  profileFormMachine,
  selectProfileDraft,
  selectProfileRefusal,
} from '../../src/machines/account/profileFormMachine.ts';
import { selectToastQueue, toastsMachine } from '../../src/machines/app/toastsMachine.ts';
import { invitationMachine, selectInvitationPage } from '../../src/machines/session/invitationMachine.ts';
import { ApiError } from '../../src/services/http/ApiError.ts';
import { PENDING_INVITATION_KEY } from '../../src/services/session/invitationLink.ts';
import { FakeCalls } from './fakeActors.ts';
import { testRealCoverage, trackCoverage } from './machineCoverage.ts';
import { declaredStates, declaredTransitions, serializeEveryTransition, walked } from './modelCoverage.ts';
import {
  businessDetailsModel,
  invitationModel,
  passwordFormModel,
  profileFormModel,
  toastsModel,
} from './models/writes.model.ts';

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
    submitSame: null,
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
    // The new password is the current one: refused before anything is sent.
    submitSame: { type: 'password.submit', currentPassword: 'secret1', newPassword: 'secret1' },
  },
] as const;

// The profile form's kept refusal and draft, read with their own selectors.
const refusalOf = (actor: { getSnapshot(): unknown }) =>
  selectProfileRefusal(actor.getSnapshot() as SnapshotFrom<typeof profileFormMachine>);
const draftOf = (actor: { getSnapshot(): unknown }) =>
  selectProfileDraft(actor.getSnapshot() as SnapshotFrom<typeof profileFormMachine>);
const DRAFT = { name: 'Alice Typed', email: 'typed@example.com' };

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
      // The calls and effects there were before the last submit of an unchanged password.
      let before = { calls: 0, effects: 0 };
      await path.test({
        events: {
          submit: () => actor.send(form.submit as never),
          submitSame: () => {
            before = { calls: calls.calls.length, effects: effects.length };
            actor.send(form.submitSame as never);
          },
          edit: () => actor.send({ type: 'profile.edit', ...DRAFT } as never),
          stopped: () => actor.send({ type: 'profile.stopped' } as never),
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
          drafted: () => {
            expect(actor.getSnapshot().value).toBe('idle');
            expect(draftOf(actor)).toEqual(DRAFT);
          },
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
            // Saved: nothing typed is left over to show instead of the user's new details.
            if (form.refusal) expect(draftOf(actor)).toBe(null);
          },
          failed: () => {
            expect(actor.getSnapshot().value).toBe('failed');
            expect(effects.at(-1)).toBe(form.toasts.failed);
            if (form.refusal) expect(refusalOf(actor)).toBe(null);
          },
          sameAsCurrent: () => {
            expect(actor.getSnapshot().value).toBe('sameAsCurrent');
            expect(actor.getSnapshot().hasTag('busy')).toBe(false);
            // Nothing sent, nothing toasted: the form says why beside the new password.
            expect(calls.calls.length).toBe(before.calls);
            expect(calls.inFlight()).toEqual([]);
            expect(effects.length).toBe(before.effects);
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

// Settings › Business details: a save sends the details, a second save while saving is ignored; success
// and a server failure toast, a 400 is only kept (for the form to show beside its field) until the next save.
const businessCoverage = trackCoverage(businessDetailsMachine);
const details: BusinessDetailsInput = {
  businessName: 'Bakery',
  industry: 'retail',
  services: 'Bread and cakes',
  email: 'hello@bakery.example',
  phone: '+44 20 7946 0000',
  address: '1 High Street, London',
  socialLinks: ['https://instagram.com/bakery'],
};
for (const path of pathsOf(businessDetailsModel)) {
  test(`businessDetailsMachine: ${path.description}`, async () => {
    const calls = new FakeCalls();
    const effects: string[] = [];
    // The effects since the last save began: each outcome adds its own (a refusal none).
    let effectsAtSave = 0;
    const actor = createActor(
      businessDetailsMachine.provide({
        actors: { saveDetails: calls.actor('saveDetails') },
        actions: {
          toastSaved: () => effects.push('Business details saved'),
          toastFailed: () => effects.push('Failed to save business details'),
          reportUnsaved: ({ context }) => effects.push(`unsaved: ${context.unsaved}`),
        },
      }),
      { inspect: businessCoverage.inspect },
    ).start();
    const refusal = () => selectDetailsRefusal(actor.getSnapshot());
    await path.test({
      events: {
        submit: () => {
          const saving = actor.getSnapshot().hasTag('busy');
          const sent = calls.calls.length;
          actor.send({ type: 'business.save', input: details });
          // A save while one is in flight is ignored: no second call.
          expect(calls.calls.length).toBe(saving ? sent : sent + 1);
          effectsAtSave = effects.length;
        },
        edit: () => actor.send({ type: 'business.edit', unsaved: true }),
        'call.succeed': async () => {
          expect(await calls.settle({ ...details, websiteId: 'w1' })).toBe('saveDetails');
        },
        'call.fail': async () => {
          expect(await calls.fail(new ApiError(500, 'Internal Server Error'))).toBe('saveDetails');
        },
        'call.refuse': async () => {
          expect(await calls.fail(new ApiError(400, 'Enter a valid phone number'))).toBe('saveDetails');
        },
      },
      states: {
        idle: () => {
          expect(actor.getSnapshot().value).toBe('idle');
          expect(refusal()).toBe(null);
        },
        edited: () => {
          expect(actor.getSnapshot().value).toBe('idle');
          expect(selectDetailsUnsaved(actor.getSnapshot())).toBe(true);
          expect(effects).toEqual(['unsaved: true']);
        },
        saving: () => {
          expect(actor.getSnapshot().hasTag('busy')).toBe(true);
          expect(calls.calls.at(-1)).toEqual({ name: 'saveDetails', input: details });
          expect(calls.only()).toBe('saveDetails');
          // A new save forgets the last refusal.
          expect(refusal()).toBe(null);
        },
        done: () => {
          expect(actor.getSnapshot().value).toBe('saved');
          expect(effects.slice(effectsAtSave)).toEqual(['Business details saved']);
          expect(refusal()).toBe(null);
        },
        failed: () => {
          expect(actor.getSnapshot().value).toBe('failed');
          expect(effects.slice(effectsAtSave)).toEqual(['Failed to save business details']);
          expect(refusal()).toBe(null);
        },
        refused: () => {
          expect(actor.getSnapshot().value).toBe('failed');
          expect(effects.slice(effectsAtSave)).toEqual([]);
          expect(refusal()).toBe('Enter a valid phone number');
        },
      },
    });
  });
}
testModelWalk('businessDetailsMachine', businessDetailsModel, 'idle');
testRealCoverage(businessCoverage, 'businessDetailsMachine');

// The invitation landing page: the link is read, then taken up with the sign-up, the sign-in or one click.
const invitationCoverage = trackCoverage(invitationMachine);
const TOKEN = 'tok-1234567890abcdef';
const validPreview = {
  accountName: 'Bakery',
  inviterName: 'Rosa',
  email: 'nina@example.com',
  hasAccount: false,
  state: 'valid',
  expiresAt: '2030-01-01T00:00:00.000Z',
};
const joined = {
  token: 'token-9',
  user: {
    id: 'u9',
    email: 'nina@example.com',
    name: 'Nina',
    role: 'user',
    plan: 0,
    status: 'trial',
    accountId: 'a7',
  },
  accountName: 'Bakery',
};
afterEach(() => sessionStorage.clear());
for (const path of pathsOf(invitationModel)) {
  test(`invitationMachine: ${path.description}`, async () => {
    sessionStorage.setItem(PENDING_INVITATION_KEY, TOKEN);
    const calls = new FakeCalls();
    const effects: string[] = [];
    const actor = createActor(
      invitationMachine.provide({
        actors: {
          previewInvitation: calls.actor('previewInvitation'),
          registerWithInvitation: calls.actor('registerWithInvitation'),
          signInWithInvitation: calls.actor('signInWithInvitation'),
          acceptInvitation: calls.actor('acceptInvitation'),
        },
        actions: {
          refreshAccounts: () => effects.push('refreshAccounts'),
          startSession: (_, params) => effects.push(`session:${params.user.accountId}`),
          switchAccount: (_, params) => effects.push(`switch:${params.accountId}`),
          toastJoined: (_, params) => effects.push(`joined:${params.accountName}`),
          toastFailed: (_, params) => effects.push(`failed:${params.title}`),
        },
      }),
      { input: { token: TOKEN, signedInEmail: null }, inspect: invitationCoverage.inspect },
    ).start();
    const page = () => selectInvitationPage(actor.getSnapshot());
    await path.test({
      events: {
        'call.succeed': async () => {
          const name = calls.only();
          if (name === 'previewInvitation') await calls.settle(validPreview);
          else if (name === 'acceptInvitation') {
            await calls.settle({ accountId: 'a7', accountName: 'Bakery', roleName: 'User' });
            expect(effects.slice(-3)).toEqual(['refreshAccounts', 'switch:a7', 'joined:Bakery']);
          } else {
            await calls.settle(joined);
            expect(effects.slice(-2)).toEqual(['session:a7', 'joined:Bakery']);
          }
        },
        'call.succeedUnusable': () => calls.settle({ ...validPreview, state: 'revoked' }),
        'call.notFound': () => calls.fail(new ApiError(404, 'Invitation not found')),
        'call.refused': async () => {
          await calls.fail(new ApiError(410, 'This invitation has expired'));
          expect(effects.at(-1)).toBe('failed:The invitation could not be accepted');
        },
        'call.fail': async () => {
          const name = await calls.fail(new ApiError(401, 'Invalid email or password'));
          // Spec §platform-shell: a login or register failure toasts "Authentication failed" with the message.
          if (name === 'signInWithInvitation' || name === 'registerWithInvitation') {
            expect(effects.at(-1)).toBe('failed:Authentication failed');
          }
        },
        retry: () => actor.send({ type: 'invitation.retry' }),
        register: () => actor.send({ type: 'invitation.register', password: 'secret1', name: 'Nina' }),
        signIn: () => actor.send({ type: 'invitation.signIn', password: 'secret1' }),
        accept: () => actor.send({ type: 'invitation.accept' }),
      },
      states: {
        loading: () => {
          expect(page()).toEqual({ kind: 'loading' });
          expect(calls.calls.at(-1)).toEqual({ name: 'previewInvitation', input: { token: TOKEN } });
        },
        failed: () => expect(page()).toEqual({ kind: 'failed', message: 'Invalid email or password' }),
        unavailable: () => {
          expect(page()).toMatchObject({
            kind: 'unavailable',
            state: expect.stringMatching(/^(revoked|unknown)$/),
          });
          expect(sessionStorage.getItem(PENDING_INVITATION_KEY)).toBeNull();
        },
        ready: () =>
          expect(page()).toEqual({ kind: 'ready', preview: validPreview, form: 'register', busy: false }),
        registering: () =>
          expect(calls.calls.at(-1)).toEqual({
            name: 'registerWithInvitation',
            input: { token: TOKEN, email: 'nina@example.com', password: 'secret1', name: 'Nina' },
          }),
        signingIn: () =>
          expect(calls.calls.at(-1)).toEqual({
            name: 'signInWithInvitation',
            input: { token: TOKEN, email: 'nina@example.com', password: 'secret1' },
          }),
        accepting: () =>
          expect(calls.calls.at(-1)).toEqual({ name: 'acceptInvitation', input: { token: TOKEN } }),
        done: () => {
          expect(actor.getSnapshot().status).toBe('done');
          expect(sessionStorage.getItem(PENDING_INVITATION_KEY)).toBeNull();
        },
      },
    });
  });
}
testModelWalk('invitationMachine', invitationModel, 'loading');
testRealCoverage(invitationCoverage, 'invitationMachine');

test('the landing page offers Sign in to an address with a user, Join to it signed in, nothing to someone else', () => {
  const snapshotWith = (signedInEmail: string | null, hasAccount: boolean) =>
    invitationMachine.resolveState({
      value: 'ready',
      context: {
        token: TOKEN,
        signedInEmail,
        preview: { ...validPreview, hasAccount } as never,
        unknown: false,
        loadError: null,
      },
    });
  expect(selectInvitationPage(snapshotWith(null, true))).toMatchObject({ form: 'signIn' });
  expect(selectInvitationPage(snapshotWith('Nina@Example.com', true))).toMatchObject({ form: 'join' });
  expect(selectInvitationPage(snapshotWith('other@example.com', true))).toMatchObject({ form: 'otherUser' });
});

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
