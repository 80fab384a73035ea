import { expect, test } from 'vitest';
import { type AnyStateMachine, createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { TEAM_MESSAGES, teamMachine } from '../../src/machines/account/teamMachine.ts';
import { ADMIN_MESSAGES, adminMachine, CREDIT_UPDATE_FAILED } from '../../src/machines/admin/adminMachine.ts';
import { selectWriteStatus } from '../../src/machines/app/writeStatus.ts';
import { ApiError } from '../../src/services/http/ApiError.ts';
import type { ToastInput } from '../../src/services/http/toast.ts';
import { FakeCalls } from './fakeActors.ts';
import { type MachineCoverage, testRealCoverage, trackCoverage } from './machineCoverage.ts';
import { declaredStates, declaredTransitions, serializeEveryTransition, walked } from './modelCoverage.ts';
import { ADMIN_OPERATIONS, adminModel, TEAM_OPERATIONS, teamModel } from './models/writes.model.ts';

// The admin dashboard's and the team screens' writes: one at a time, each ending in succeeded or failed
// with the spec's toast (or, for a credit, the modal's alert), and a refresh of what it changed.

type Operation = {
  /** The event that asks for the write. */
  event: Record<string, unknown> & { type: string };
  /** The actor the write calls. */
  call: string;
  /** What a success answers, the toast it shows and the data it refreshes. */
  output?: unknown;
  succeeded: string;
  /** The toast of a failure, or null when the failure shows in the dialog (context.error) instead. */
  failed: string | null;
  refresh: string;
};

type Subject = {
  name: string;
  machine: AnyStateMachine;
  model: AnyStateMachine;
  operations: Record<string, Operation>;
  reset: string;
  /** Data the machine keeps beside its writes: the model event that types it, and the event sent for it. */
  draft?: { event: Record<string, unknown> & { type: string }; kept: unknown; clearedBy: string };
};

const subjects: Subject[] = [
  {
    name: 'adminMachine',
    machine: adminMachine,
    model: adminModel,
    reset: 'admin.reset',
    operations: {
      updateUser: {
        event: { type: 'admin.updateUser', userId: 'u2', changes: { plan: 1 } },
        call: 'updateUser',
        succeeded: ADMIN_MESSAGES.userUpdated,
        failed: ADMIN_MESSAGES.userFailed,
        refresh: 'users',
      },
      updateCredit: {
        event: { type: 'admin.updateCredit', id: 'c1', credits: 5, description: 'Bonus' },
        call: 'updateCredit',
        succeeded: ADMIN_MESSAGES.creditUpdated,
        failed: null,
        refresh: 'credits',
      },
      retryJob: {
        event: { type: 'admin.retryJob', queue: 'invitation-mail', jobId: 'j1' },
        call: 'retryJob',
        succeeded: ADMIN_MESSAGES.jobRetried,
        failed: ADMIN_MESSAGES.retryFailed,
        refresh: 'jobs',
      },
    },
  },
  {
    name: 'teamMachine',
    machine: teamMachine,
    model: teamModel,
    reset: 'team.reset',
    draft: {
      event: {
        type: 'team.draftAccount',
        draft: { name: 'Side Gig', industry: '', description: 'Weekend' },
      },
      kept: { name: 'Side Gig', industry: '', description: 'Weekend' },
      clearedBy: 'createAccount',
    },
    operations: {
      createAccount: {
        event: { type: 'team.createAccount', account: { name: 'Shop', industry: 'retail' } },
        call: 'createAccount',
        output: { id: 'a9', name: 'Shop', industry: 'retail', description: '', isActive: true },
        succeeded: TEAM_MESSAGES.accountCreated,
        failed: TEAM_MESSAGES.createFailed,
        refresh: 'null',
      },
      invite: {
        event: { type: 'team.invite', accountId: 'a1', email: 'bob@example.com', roleName: 'User' },
        call: 'inviteOrAdd',
        output: { wasExistingUser: true, invitationLink: null, expiresAt: null },
        succeeded: TEAM_MESSAGES.userAdded,
        failed: TEAM_MESSAGES.addFailed,
        refresh: 'a1',
      },
      changeRole: {
        event: { type: 'team.changeRole', accountId: 'a1', userId: 'u2', roleName: 'Admin' },
        call: 'changeRole',
        succeeded: TEAM_MESSAGES.roleChanged,
        failed: TEAM_MESSAGES.roleFailed,
        refresh: 'a1',
      },
      removeMember: {
        event: { type: 'team.removeMember', accountId: 'a1', userId: 'u2' },
        call: 'removeMember',
        succeeded: TEAM_MESSAGES.memberRemoved,
        failed: TEAM_MESSAGES.removeFailed,
        refresh: 'a1',
      },
      revokeInvitation: {
        event: { type: 'team.revokeInvitation', accountId: 'a1', invitationId: 'i1' },
        call: 'revokeInvitation',
        succeeded: TEAM_MESSAGES.invitationRevoked,
        failed: TEAM_MESSAGES.revokeFailed,
        refresh: 'a1',
      },
    },
  },
];

function runPaths(subject: Subject, coverage: MachineCoverage): void {
  const paths = createTestModel(subject.model, {
    serializeTransition: serializeEveryTransition,
  }).getShortestPaths();
  for (const path of paths) {
    test(`${subject.name}: ${path.description}`, async () => {
      const calls = new FakeCalls();
      const toasts: ToastInput[] = [];
      const refreshed: string[] = [];
      const actors = Object.fromEntries(
        Object.values(subject.operations).map((op) => [op.call, calls.actor(op.call)]),
      );
      const actor = createActor(
        subject.machine.provide({
          actors,
          actions: {
            toast: (_: unknown, params: ToastInput) => {
              toasts.push(params);
            },
            refresh: (_: unknown, params: Record<string, unknown>) => {
              refreshed.push(String(Object.values(params)[0]));
            },
          },
        }),
        { inspect: coverage.inspect },
      ).start();
      let current: Operation | null = null;
      // What the draft should hold: typed, kept through everything but its own write's success.
      let draft: unknown = null;
      const events: Record<string, () => void | Promise<void>> = {
        reset: () => actor.send({ type: subject.reset }),
        'call.succeed': async () => {
          expect(await calls.settle(current?.output)).toBe(current?.call);
          if (subject.draft && current === subject.operations[subject.draft.clearedBy]) draft = null;
        },
        'call.fail': async () => {
          expect(await calls.fail(new ApiError(500, 'Internal Server Error'))).toBe(current?.call);
        },
      };
      if (subject.draft) {
        const typed = subject.draft;
        events.draftAccount = () => {
          actor.send(typed.event as never);
          draft = typed.kept;
        };
      }
      const checkDraft = () => {
        if (subject.draft) expect(actor.getSnapshot().context.accountDraft).toEqual(draft);
      };
      for (const [name, op] of Object.entries(subject.operations)) {
        events[name] = () => {
          if (!actor.getSnapshot().hasTag('busy')) current = op;
          actor.send(op.event as never);
        };
      }
      const states: Record<string, () => void> = {
        idle: () => {
          expect(selectWriteStatus(actor.getSnapshot())).toBe('idle');
          checkDraft();
        },
        succeeded: () => {
          expect(selectWriteStatus(actor.getSnapshot())).toBe('succeeded');
          checkDraft();
          expect(toasts.at(-1)).toEqual({ type: 'success', title: current?.succeeded });
          expect(refreshed.at(-1)).toBe(current?.refresh);
        },
        failed: () => {
          expect(selectWriteStatus(actor.getSnapshot())).toBe('failed');
          checkDraft();
          if (current?.failed) expect(toasts.at(-1)).toEqual({ type: 'error', title: current.failed });
          else expect(actor.getSnapshot().context.error).toBe(CREDIT_UPDATE_FAILED);
        },
      };
      for (const [name, op] of Object.entries(subject.operations)) {
        states[`working_${name}`] = () => {
          expect(selectWriteStatus(actor.getSnapshot())).toBe('busy');
          checkDraft();
          // One write at a time: exactly the first request's call is in flight.
          expect(calls.only()).toBe(op.call);
          expect(actor.getSnapshot().context.operation).toBe(name);
        };
      }
      await path.test({ events, states });
    });
  }

  test(`${subject.name}: the generated paths walk every state and transition of the model`, () => {
    const { edges, states } = walked(paths, 'idle');
    expect(
      [...declaredStates(subject.model)].filter((s) => s !== subject.model.id && !states.has(s)),
    ).toEqual([]);
    expect([...declaredTransitions(subject.model)].filter((e) => !edges.has(e))).toEqual([]);
  });
}

const adminCoverage = trackCoverage(adminMachine);
const teamCoverage = trackCoverage(teamMachine);
expect(ADMIN_OPERATIONS).toEqual(Object.keys(subjects[0]!.operations));
expect(TEAM_OPERATIONS).toEqual(Object.keys(subjects[1]!.operations));
runPaths(subjects[0]!, adminCoverage);
runPaths(subjects[1]!, teamCoverage);
testRealCoverage(adminCoverage, 'adminMachine');
testRealCoverage(teamCoverage, 'teamMachine');
