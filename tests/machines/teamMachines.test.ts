import { describe, expect, test } from 'vitest';
import {
  selectAddRefusal,
  selectLastInvite,
  selectTeamStatus,
  TEAM_MESSAGES,
} from '../../src/machines/account/teamMachine.ts';
import {
  CREDIT_UPDATE_FAILED,
  selectAdminError,
  selectAdminStatus,
} from '../../src/machines/admin/adminMachine.ts';
import { ApiError } from '../../src/services/http/ApiError.ts';
import { anonymousLoad, createAppHarness, storedAlice } from './appHarness.ts';

function dashboard() {
  const h = createAppHarness({ ...anonymousLoad, session: storedAlice });
  return {
    ...h,
    team: () => h.actor.getSnapshot().children.team!,
    admin: () => h.actor.getSnapshot().children.admin!,
  };
}

describe('team machine, inside the app system', () => {
  test('adding an existing user toasts "User added successfully" and refreshes that account', async () => {
    const h = dashboard();
    h.team().send({ type: 'team.invite', accountId: 'a1', email: 'bob@example.com', roleName: 'User' });
    expect(selectTeamStatus(h.team().getSnapshot())).toBe('busy');
    expect(h.calls.calls.at(-1)).toEqual({
      name: 'inviteOrAdd',
      input: { accountId: 'a1', email: 'bob@example.com', roleName: 'User' },
    });

    await h.calls.settle({ wasExistingUser: true, invitationLink: null, expiresAt: null });

    expect(h.lastToastTitle()).toBe(TEAM_MESSAGES.userAdded);
    expect(TEAM_MESSAGES.userAdded).toBe('User added successfully');
    expect(h.effects).toContain('refresh:a1');
    expect(selectTeamStatus(h.team().getSnapshot())).toBe('succeeded');
  });

  test('a new address: "Invitation sent successfully" and the link kept for the dialog', async () => {
    const h = dashboard();
    h.team().send({ type: 'team.invite', accountId: 'a1', email: 'new@example.com', roleName: 'Admin' });
    await h.calls.settle({
      wasExistingUser: false,
      invitationLink: 'http://x/invite#t',
      expiresAt: '2030-01-01',
    });

    expect(h.lastToastTitle()).toBe('Invitation sent successfully');
    expect(selectLastInvite(h.team().getSnapshot())).toEqual({
      email: 'new@example.com',
      wasExistingUser: false,
      invitationLink: 'http://x/invite#t',
      expiresAt: '2030-01-01',
    });
    h.team().send({ type: 'team.reset' });
    expect(selectLastInvite(h.team().getSnapshot())).toBeNull();
  });

  test('a failed add toasts "Failed to add user"; one write at a time', async () => {
    const h = dashboard();
    h.team().send({ type: 'team.invite', accountId: 'a1', email: 'x@example.com', roleName: 'User' });
    h.team().send({ type: 'team.removeMember', accountId: 'a1', userId: 'u9' });
    expect(h.calls.only()).toBe('inviteOrAdd');

    await h.calls.fail(new ApiError(403, 'Only an Admin of this account can do this'));

    expect(h.lastToastTitle()).toBe('Failed to add user');
    expect(selectTeamStatus(h.team().getSnapshot())).toBe('failed');
  });

  test('a refused add says why when the server answers 409 (already a member), and only then', async () => {
    const h = dashboard();
    h.team().send({ type: 'team.invite', accountId: 'a1', email: 'bob@example.com', roleName: 'User' });
    await h.calls.fail(new ApiError(409, 'This user is already a member of this account'));
    const said = () => {
      const toast = h.toasts().at(-1);
      return { type: toast?.type, title: toast?.title, message: toast?.message };
    };
    expect(said()).toEqual({
      type: 'error',
      title: 'Failed to add user',
      message: 'This user is already a member of this account',
    });

    h.team().send({ type: 'team.invite', accountId: 'a1', email: 'x@example.com', roleName: 'User' });
    await h.calls.fail(new ApiError(403, 'Only an Admin of this account can do this'));
    expect(said()).toEqual({ type: 'error', title: 'Failed to add user', message: undefined });
  });

  test('Add Existing User: the flag reaches the call; a 404 keeps the server’s words for the dialog until reset', async () => {
    const h = dashboard();
    const said = 'No user has this email address. To invite someone new, use Add User.';
    h.team().send({
      type: 'team.invite',
      accountId: 'a1',
      email: 'typo@example.com',
      roleName: 'User',
      existingOnly: true,
    });
    expect(h.calls.calls.at(-1)).toEqual({
      name: 'inviteOrAdd',
      input: { accountId: 'a1', email: 'typo@example.com', roleName: 'User', existingOnly: true },
    });

    await h.calls.fail(new ApiError(404, said));

    expect(selectTeamStatus(h.team().getSnapshot())).toBe('failed');
    expect(selectAddRefusal(h.team().getSnapshot())).toBe(said);
    expect(h.lastToastTitle()).toBe('Failed to add user');
    expect(h.effects).not.toContain('refresh:a1');
    h.team().send({ type: 'team.reset' });
    expect(selectAddRefusal(h.team().getSnapshot())).toBeNull();

    // Any other failure is no refusal to show beside the address.
    h.team().send({ type: 'team.invite', accountId: 'a1', email: 'x@example.com', roleName: 'User' });
    await h.calls.fail(new ApiError(409, 'This user is already a member of this account'));
    expect(selectAddRefusal(h.team().getSnapshot())).toBeNull();
  });

  test('creating an account refreshes the account list; role change and removal refresh the account', async () => {
    const h = dashboard();
    h.team().send({
      type: 'team.createAccount',
      account: { name: 'Shop', industry: 'retail', description: '' },
    });
    await h.calls.settle({ id: 'a9', name: 'Shop', industry: 'retail', description: '', isActive: true });
    expect(h.effects.at(-1)).toBe('refresh:accounts');
    expect(h.team().getSnapshot().context.createdAccount?.id).toBe('a9');

    h.team().send({ type: 'team.changeRole', accountId: 'a9', userId: 'u2', roleName: 'Admin' });
    await h.calls.settle();
    expect(h.lastToastTitle()).toBe(TEAM_MESSAGES.roleChanged);
    h.team().send({ type: 'team.removeMember', accountId: 'a9', userId: 'u2' });
    await h.calls.fail(new ApiError(409, 'An account needs at least one Admin'));
    expect(h.lastToastTitle()).toBe(TEAM_MESSAGES.removeFailed);
    expect(h.effects.filter((effect) => effect === 'refresh:a9')).toHaveLength(1);
  });
});

describe('admin machine, inside the app system', () => {
  test('a failed credit update keeps the spec message for the modal', async () => {
    const h = dashboard();
    h.admin().send({ type: 'admin.updateCredit', id: 'c1', credits: 0, description: 'x' });
    expect(h.calls.calls.at(-1)).toEqual({
      name: 'updateCredit',
      input: { id: 'c1', credits: 0, description: 'x' },
    });

    await h.calls.fail(new ApiError(500, 'Internal Server Error'));

    expect(selectAdminStatus(h.admin().getSnapshot())).toBe('failed');
    expect(selectAdminError(h.admin().getSnapshot())).toBe('Failed to update credit');
    expect(CREDIT_UPDATE_FAILED).toBe('Failed to update credit');
  });

  test('a saved credit and a user change refresh their lists', async () => {
    const h = dashboard();
    h.admin().send({ type: 'admin.updateCredit', id: 'c1', credits: 25, description: 'Bonus' });
    await h.calls.settle();
    expect(h.effects.at(-1)).toBe('refresh:admin.credits');
    h.admin().send({ type: 'admin.updateUser', userId: 'u2', changes: { plan: 2 } });
    await h.calls.settle();
    expect(h.effects.at(-1)).toBe('refresh:admin.users');
    expect(h.lastToastTitle()).toBe('User updated');
  });
});
