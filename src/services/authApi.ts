import { type AuthResult, type RawUser, toUser } from './apiTypes.ts';
import type { Http } from './http.ts';

type RawAuth = RawUser & { token: string };

/** Credentials of the sign-in form. */
export type LoginInput = { email: string; password: string };
/** Registration form; `name` defaults to the part of the email before the at-sign. */
export type RegisterInput = LoginInput & { name?: string };

/** POST /api/auth/login. Rejects with an `ApiError` (401 wrong credentials, 429 throttled). */
export async function login(http: Http, input: LoginInput): Promise<AuthResult> {
  const raw = await http.post('auth/login', { json: input }).json<RawAuth>();
  return { token: raw.token, user: toUser(raw) };
}

/** POST /api/auth/register. Rejects with an `ApiError` (409 when the email is taken). */
export async function register(http: Http, input: RegisterInput): Promise<AuthResult> {
  const name = input.name?.trim() || input.email.split('@')[0];
  const raw = await http.post('auth/register', { json: { ...input, name } }).json<RawAuth>();
  return { token: raw.token, user: toUser(raw) };
}

/** POST /api/auth/logout: revokes every token of the user. */
export async function logout(http: Http): Promise<void> {
  await http.post('auth/logout');
}
