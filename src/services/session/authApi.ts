import { type AuthResult, type Session, toUser } from '../../contracts/auth.ts';
import { ApiError } from '../http/ApiError.ts';
import type { CallContext, Http } from '../http/http.ts';

// The sign-in screen reports every refusal itself ("Authentication failed" with the reason), so the
// expected refusals raise no second, generic toast.
const AUTH_CONTEXT: CallContext = { quietStatuses: [400, 401, 409, 429] };
// With an invitation link, its refusals (another address, unknown, used, expired or revoked) are the page's too.
const INVITATION_AUTH_CONTEXT: CallContext = { quietStatuses: [400, 401, 403, 404, 409, 410, 429] };

/**
 * Spec §8's lower-level messages: a failure with no reason from the server (network, 5xx) says
 * 'Login failed' / 'Registration failed'; a refusal keeps the server's words.
 */
async function withFallback<T>(call: Promise<T>, fallback: string): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 0 || error.status >= 500)) {
      throw new ApiError(error.status, fallback);
    }
    throw error;
  }
}

/** Credentials of the sign-in form. */
export type LoginInput = { email: string; password: string };
/** Registration form; `name` defaults to the part of the email before the at-sign. */
export type RegisterInput = LoginInput & { name?: string };

/** POST /api/auth/login. Rejects with an `ApiError` (401 wrong credentials, 429 throttled). */
export async function login(http: Http, input: LoginInput): Promise<AuthResult> {
  const raw = await withFallback(
    http.post('auth/login', { json: input, context: AUTH_CONTEXT }).json<Session>(),
    'Login failed',
  );
  return { token: raw.token, user: toUser(raw) };
}

/** POST /api/auth/register. Rejects with an `ApiError` (409 when the email is taken). */
export async function register(http: Http, input: RegisterInput): Promise<AuthResult> {
  const name = input.name?.trim() || input.email.split('@')[0];
  const raw = await withFallback(
    http.post('auth/register', { json: { ...input, name }, context: AUTH_CONTEXT }).json<Session>(),
    'Registration failed',
  );
  return { token: raw.token, user: toUser(raw) };
}

/** POST /api/auth/logout: revokes every token of the user. */
export async function logout(http: Http): Promise<void> {
  await http.post('auth/logout');
}

/** Signing up or in from an invitation link (/invite#<token>): the invited address, and the link's token. */
export type InvitedAuthInput = { token: string; email: string; password: string; name?: string };
/** The session (already in the joined account) and that account's name. */
export type InvitedAuthResult = AuthResult & { accountName: string };

function joinedResult(raw: Session): InvitedAuthResult {
  return { token: raw.token, user: toUser(raw), accountName: raw.joined?.accountName ?? '' };
}

/** POST /api/auth/register with the link's token: the new user joins that account and gets none of their own. */
export async function registerWithInvitation(
  http: Http,
  input: InvitedAuthInput,
): Promise<InvitedAuthResult> {
  const name = input.name?.trim() || input.email.split('@')[0];
  const json = { email: input.email, password: input.password, name, invitationToken: input.token };
  const raw = await withFallback(
    http.post('auth/register', { json, context: INVITATION_AUTH_CONTEXT }).json<Session>(),
    'Registration failed',
  );
  return joinedResult(raw);
}

/** POST /api/auth/login with the link's token: signed in, in the joined account. */
export async function signInWithInvitation(http: Http, input: InvitedAuthInput): Promise<InvitedAuthResult> {
  const json = { email: input.email, password: input.password, invitationToken: input.token };
  const raw = await withFallback(
    http.post('auth/login', { json, context: INVITATION_AUTH_CONTEXT }).json<Session>(),
    'Login failed',
  );
  return joinedResult(raw);
}
