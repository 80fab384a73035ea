// Password Change's own rule, in a module of its own: contracts/common.ts is in the first screen's chunk (the
// sign-in form reads its password lengths), and what it exports there stays there even when only a section loaded
// later uses it.

/** Password Change: a new password must differ from the current one (refused by the form and the server). */
export const PASSWORD_UNCHANGED = 'The new password must be different from the current one.';

/** Whether a password change would keep the password: the two strings as typed (passwords are never trimmed). */
export function isUnchangedPassword(currentPassword: string, newPassword: string): boolean {
  return newPassword === currentPassword;
}
