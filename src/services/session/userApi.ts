import {
  type ChangePasswordBody,
  type ChangePasswordResult,
  type ProfileBody,
  toUser,
  type User,
  type UserView,
} from '../../contracts/auth.ts';
import type { CallContext, Http } from '../http/http.ts';

export type { ChangePasswordResult };
/** Profile form payload; `currentPassword` only when the email changes (the server requires it then). */
export type ProfileInput = ProfileBody;
/** Change-password payload. */
export type ChangePasswordInput = ChangePasswordBody;

/** GET /api/user/me. */
export async function getMe(http: Http): Promise<User> {
  return toUser(await http.get('user/me').json<UserView>());
}

// The form shows the server's 400/403/409 itself (a missing or wrong current password, an email in use).
const PROFILE_CONTEXT: CallContext = { quietStatuses: [400, 403, 409] };

/** PUT /api/user/profile; resolves with the updated user; a refusal rejects with a 400/403/409 `ApiError`. */
export async function updateProfile(http: Http, input: ProfileInput): Promise<User> {
  return toUser(await http.put('user/profile', { json: input, context: PROFILE_CONTEXT }).json<UserView>());
}

// The password form toasts the spec's message for a wrong current password (400): no generic toast besides.
const PASSWORD_CONTEXT: CallContext = { quietStatuses: [400] };

/** POST /api/user/change-password; a wrong current password rejects with a 400 `ApiError`. */
export async function changePassword(http: Http, input: ChangePasswordInput): Promise<ChangePasswordResult> {
  return http
    .post('user/change-password', { json: input, context: PASSWORD_CONTEXT })
    .json<ChangePasswordResult>();
}
