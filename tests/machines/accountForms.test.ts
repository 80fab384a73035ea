import { describe, expect, test } from 'vitest';
import { ApiError } from '../../src/services/http/ApiError.ts';
import { alice, anonymousLoad, createAppHarness, storedAlice } from './appHarness.ts';

function dashboard() {
  return createAppHarness({ ...anonymousLoad, session: storedAlice });
}

describe('profile and password forms, inside the app system', () => {
  test('a saved profile updates the session user and toasts success', async () => {
    const h = dashboard();
    const form = h.actor.getSnapshot().children.profileForm!;

    form.send({ type: 'profile.submit', name: 'Alice A.', email: 'alice@example.com' });
    expect(h.calls.calls.at(-1)).toEqual({
      name: 'updateProfile',
      input: { name: 'Alice A.', email: 'alice@example.com' },
    });
    await h.calls.settle({ ...alice, name: 'Alice A.' });

    expect(h.session().getSnapshot().context.user?.name).toBe('Alice A.');
    expect(h.lastToastTitle()).toBe('Profile updated successfully');
    expect(form.getSnapshot().value).toBe('saved');
  });

  test('a failed profile save toasts the spec message', async () => {
    const h = dashboard();
    h.actor.getSnapshot().children.profileForm!.send({ type: 'profile.submit', name: 'A', email: 'a@b.co' });

    await h.calls.fail(new ApiError(500, 'Internal Server Error'));

    expect(h.lastToastTitle()).toBe('Failed to update profile');
  });

  test('an email in use (409) is kept as the form’s refusal, in the server’s words, beside the spec toast', async () => {
    const h = dashboard();
    const form = h.actor.getSnapshot().children.profileForm!;
    form.send({ type: 'profile.submit', name: 'A', email: 'bob@example.com', currentPassword: 'secret1' });

    await h.calls.fail(new ApiError(409, 'An account with this email already exists'));

    expect(h.lastToastTitle()).toBe('Failed to update profile');
    expect((form.getSnapshot().context as { refusal: string | null }).refusal).toBe(
      'An account with this email already exists',
    );
  });

  test('a changed password hands the new token to the session', async () => {
    const h = dashboard();
    const form = h.actor.getSnapshot().children.passwordForm!;

    form.send({ type: 'password.submit', currentPassword: 'secret1', newPassword: 'secret2' });
    await h.calls.settle({ message: 'Password changed', token: 'token-2' });

    expect(h.session().getSnapshot().context.token).toBe('token-2');
    expect(h.lastToastTitle()).toBe('Password changed successfully');
    expect(form.getSnapshot().value).toBe('changed');
  });

  test('a wrong current password toasts the spec message and keeps the token', async () => {
    const h = dashboard();
    h.actor.getSnapshot().children.passwordForm!.send({
      type: 'password.submit',
      currentPassword: 'wrong',
      newPassword: 'secret2',
    });

    await h.calls.fail(new ApiError(400, 'Current password is incorrect'));

    expect(h.session().getSnapshot().context.token).toBe('token-1');
    expect(h.lastToastTitle()).toBe('Failed to change password. Please check your current password.');
  });
});
