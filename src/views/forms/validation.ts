import { isWellFormedEmail } from '../../contracts/common.ts';

export { MIN_PASSWORD_LENGTH } from '../../contracts/common.ts';
export const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters long';
export const PASSWORDS_DO_NOT_MATCH = 'New passwords do not match';

/** `message` when the value is blank, otherwise undefined. */
export function required(value: string, message: string): string | undefined {
  return value.trim() === '' ? message : undefined;
}

/** Required and well formed. */
export function emailError(value: string): string | undefined {
  return (
    required(value, 'Email is required') ??
    (isWellFormedEmail(value) ? undefined : 'Enter a valid email address')
  );
}

/** Drops the fields without an error, so "no errors" is an empty object. */
export function compact<T extends Record<string, string | undefined>>(
  errors: T,
): Partial<Record<keyof T, string>> {
  const result: Partial<Record<keyof T, string>> = {};
  for (const key of Object.keys(errors) as Array<keyof T>) {
    const message = errors[key];
    if (message) result[key] = message;
  }
  return result;
}
