import type {
  AccountMember,
  AccountRoleRow,
  AccountRow,
  CreateAccountBody,
  MemberAccount,
} from '../../contracts/accounts.ts';
import type { Account } from '../../contracts/auth.ts';
import type {
  InvitationPreview,
  InviteAnswer,
  InviteBody,
  JoinedAccount,
  PendingInvitation,
} from '../../contracts/invitations.ts';
import type { WithStringIds } from '../../contracts/jsonSchema.ts';
import type { CallContext, Http } from '../http/http.ts';

type RawAccount = AccountRow & { roleName?: string };

/** A member of an account (spec §3 Account user; `id` is the membership's). */
export type AccountUser = WithStringIds<AccountMember, 'id' | 'userId'>;

/** An account role; at least User and Admin, the server may offer more. */
export type AccountRole = WithStringIds<AccountRoleRow, 'id'>;

/** An invitation not yet accepted. */
export type Invitation = WithStringIds<PendingInvitation, 'id'>;

export type CreateAccountInput = Required<CreateAccountBody>;
/** `existingOnly` (Add Existing User): the server refuses an address no user has (404) instead of inviting it. */
export type InviteInput = { accountId: string; email: string; roleName: string; existingOnly?: boolean };
/** An existing user joins at once; a new address gets a link (shown to the inviter, mailed when possible). */
export type InviteResult = {
  wasExistingUser: boolean;
  invitationLink: string | null;
  expiresAt: string | null;
};
export type MemberInput = { accountId: string; userId: string };
export type AcceptedInvitation = WithStringIds<JoinedAccount, 'accountId'>;

function toAccount(account: RawAccount): Account {
  return {
    ...account,
    id: String(account.id),
    description: account.description,
    roleName: account.roleName ?? null,
  };
}

/** GET /api/accounts: the accounts the user belongs to. */
export async function listAccounts(http: Http): Promise<Account[]> {
  const raw = await http.get('accounts').json<MemberAccount[]>();
  return raw.map(toAccount);
}

/** POST /api/accounts: the creator becomes the new account's Admin. */
export async function createAccount(http: Http, input: CreateAccountInput): Promise<Account> {
  const created = toAccount(await http.post('accounts', { json: input }).json<RawAccount>());
  return { ...created, roleName: created.roleName ?? 'Admin' };
}

/** GET /api/accounts/{id}/users. */
export async function listAccountUsers(http: Http, accountId: string): Promise<AccountUser[]> {
  const raw = await http.get(`accounts/${accountId}/users`).json<AccountMember[]>();
  return raw.map((user) => ({ ...user, id: String(user.id), userId: String(user.userId) }));
}

/** GET /api/accounts/{id}/roles. */
export async function listAccountRoles(http: Http, accountId: string): Promise<AccountRole[]> {
  const raw = await http.get(`accounts/${accountId}/roles`).json<AccountRoleRow[]>();
  return raw.map((role) => ({ id: String(role.id), name: role.name }));
}

// A 409 (already a member) is said by the add's own toast, in the server's words; a 404 (existing users only,
// and no user has the address) by the dialog.
const ADD_CONTEXT: CallContext = { quietStatuses: [404, 409] };

/**
 * POST /api/accounts/{id}/users/invite-or-add. With `existingOnly`, rejects with an `ApiError` 404 (the server's
 * words) for an address no user has, and invites nobody.
 */
export async function inviteOrAddUser(
  http: Http,
  { accountId, email, roleName, existingOnly }: InviteInput,
): Promise<InviteResult> {
  // The flag is sent only when set: Add User sends the spec's payload (email, roleName) as it was.
  const json: InviteBody = existingOnly ? { email, roleName, existingOnly: true } : { email, roleName };
  const raw = await http
    .post(`accounts/${accountId}/users/invite-or-add`, { json, context: ADD_CONTEXT })
    .json<InviteAnswer>();
  return {
    wasExistingUser: raw.wasExistingUser === true,
    invitationLink: raw.invitationLink ?? null,
    expiresAt: raw.expiresAt ?? null,
  };
}

/** POST /api/accounts/{id}/users/{userId}: changes the member's role. */
export async function changeMemberRole(http: Http, input: MemberInput & { roleName: string }): Promise<void> {
  await http.post(`accounts/${input.accountId}/users/${input.userId}`, {
    json: { roleName: input.roleName },
  });
}

/** DELETE /api/accounts/{id}/users/{userId}. */
export async function removeMember(http: Http, input: MemberInput): Promise<void> {
  await http.delete(`accounts/${input.accountId}/users/${input.userId}`);
}

/** GET /api/accounts/{id}/invitations: those not yet accepted. */
export async function listInvitations(http: Http, accountId: string): Promise<Invitation[]> {
  const raw = await http.get(`accounts/${accountId}/invitations`).json<PendingInvitation[]>();
  return raw.map((invitation) => ({ ...invitation, id: String(invitation.id) }));
}

/** DELETE /api/accounts/{id}/invitations/{invitationId}. */
export async function revokeInvitation(
  http: Http,
  input: { accountId: string; invitationId: string },
): Promise<void> {
  await http.delete(`accounts/${input.accountId}/invitations/${input.invitationId}`);
}

/**
 * POST /api/invitations/accept with the token of an invitation link. Its refusals (not found, used,
 * expired, another address) are reported by the caller, not by the global error toasts.
 */
export async function acceptInvitation(http: Http, token: string): Promise<AcceptedInvitation> {
  const context: CallContext = { quietStatuses: [403, 404, 409, 410] };
  const raw = await http.post('invitations/accept', { json: { token }, context }).json<JoinedAccount>();
  return { accountId: String(raw.accountId), accountName: raw.accountName, roleName: raw.roleName };
}

/**
 * POST /api/invitations/preview (public): what an invitation link is — account, inviter, address, state.
 * Rejects with an `ApiError` 404 for a link the server does not know.
 */
export async function previewInvitation(http: Http, token: string): Promise<InvitationPreview> {
  return http
    .post('invitations/preview', { json: { token }, context: { quietStatuses: [400, 404] } })
    .json<InvitationPreview>();
}
