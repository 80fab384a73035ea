import { createHash, randomBytes } from 'node:crypto';
import { INVITATION_LIFETIME_DAYS } from '../../src/contracts/admin.ts';
import type { InvitationPreview, PendingInvitation } from '../../src/contracts/invitations.ts';
import { rowMapper } from '../db/rows.ts';
import type { Queryable } from '../db/types.ts';
import { addMember } from './members.ts';

const toPending = rowMapper<PendingInvitation>({ dates: ['createdAt', 'expiresAt'] });
const toPreview = rowMapper<InvitationPreview>({ dates: ['expiresAt'] });

/** A fresh single-use token (256 random bits) and the hash that is stored instead of it. */
export function newInvitationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashInvitationToken(token) };
}

export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type NewInvitation = {
  accountId: number;
  email: string;
  roleName: string;
  tokenHash: string;
  invitedBy: number;
};

/** Creates the pending invitation, or renews the one the address already has (new token and expiry). */
export async function upsertInvitation(
  tx: Queryable,
  input: NewInvitation,
): Promise<{ id: number; expiresAt: Date }> {
  const row = await tx.one<{ id: number; expiresAt: Date }>(
    `insert into invitations (account_id, email, role_name, token_hash, invited_by, expires_at)
     values ($1, $2, $3, $4, $5, now() + make_interval(days => $6))
     on conflict (account_id, email) where accepted_at is null and revoked_at is null do update set
       role_name = excluded.role_name, token_hash = excluded.token_hash, invited_by = excluded.invited_by,
       created_at = now(), expires_at = excluded.expires_at
     returning id, expires_at as "expiresAt"`,
    [
      input.accountId,
      input.email,
      input.roleName,
      input.tokenHash,
      input.invitedBy,
      INVITATION_LIFETIME_DAYS,
    ],
  );
  if (!row) throw new Error('invitation upsert returned no row');
  return row;
}

/** The account's invitations not yet accepted nor revoked (expired ones included, marked). */
export async function listPendingInvitations(db: Queryable, accountId: number): Promise<PendingInvitation[]> {
  const rows = await db.query<PendingInvitation>(
    `select i.id, i.email, i.role_name as "roleName", u.name as "invitedBy", i.created_at as "createdAt",
       i.expires_at as "expiresAt", i.expires_at <= now() as expired
     from invitations i left join users u on u.id = i.invited_by
     where i.account_id = $1 and i.accepted_at is null and i.revoked_at is null
     order by i.created_at desc, i.id desc`,
    [accountId],
  );
  return rows.map(toPending);
}

/**
 * Withdraws a pending invitation (kept, marked revoked, so its link says so); returns its email, or null when
 * the account has no pending invitation with that id.
 */
export async function revokeInvitation(db: Queryable, accountId: number, id: number): Promise<string | null> {
  const row = await db.one<{ email: string }>(
    `update invitations set revoked_at = now()
     where id = $1 and account_id = $2 and accepted_at is null and revoked_at is null
     returning email`,
    [id, accountId],
  );
  return row?.email ?? null;
}

export type AcceptResult =
  | { status: 'accepted'; accountId: number; accountName: string; roleName: string; again: boolean }
  | { status: 'notFound' | 'used' | 'expired' | 'revoked' | 'wrongEmail' };

/**
 * Accepts the invitation behind `tokenHash` for `user`, in the caller's transaction. The row is locked,
 * so of two parallel acceptances one wins and the other sees it used. Accepting again by the same
 * user is not an error (a link opened twice).
 */
export async function acceptInvitation(
  tx: Queryable,
  tokenHash: string,
  user: { id: number; email: string },
): Promise<AcceptResult> {
  const row = await tx.one<{
    id: number;
    account_id: number;
    account_name: string;
    email: string;
    role_name: string;
    accepted_by: number | null;
    accepted: boolean;
    revoked: boolean;
    expired: boolean;
  }>(
    `select i.id, i.account_id, a.name as account_name, i.email, i.role_name, i.accepted_by,
       i.accepted_at is not null as accepted, i.revoked_at is not null as revoked,
       i.expires_at <= now() as expired
     from invitations i join accounts a on a.id = i.account_id
     where i.token_hash = $1
     for update of i`,
    [tokenHash],
  );
  if (!row) return { status: 'notFound' };
  const accepted = {
    status: 'accepted' as const,
    accountId: row.account_id,
    accountName: row.account_name,
    roleName: row.role_name,
    again: false,
  };
  if (row.accepted) return row.accepted_by === user.id ? { ...accepted, again: true } : { status: 'used' };
  if (row.revoked) return { status: 'revoked' };
  if (row.expired) return { status: 'expired' };
  if (row.email !== user.email) return { status: 'wrongEmail' };
  await addMember(tx, row.account_id, user.id, row.role_name);
  await tx.query('update invitations set accepted_at = now(), accepted_by = $2 where id = $1', [
    row.id,
    user.id,
  ]);
  return accepted;
}

/** How long an expired or revoked link still says so, before the purge job forgets it ("not found"). */
export const INVITATION_KEPT_DAYS = 30;

/** The purge job: unaccepted invitations (expired or revoked) 30 days past their expiry are of no use to anyone. */
export async function deleteExpiredInvitations(db: Queryable): Promise<number> {
  const row = await db.one<{ deleted: number }>(
    `with gone as (
       delete from invitations
       where accepted_at is null and expires_at <= now() - make_interval(days => ${INVITATION_KEPT_DAYS})
       returning 1
     )
     select count(*)::integer as deleted from gone`,
    [],
  );
  return row?.deleted ?? 0;
}

/** The invitation behind `tokenHash` as its link shows it, or null when there is none. */
export async function previewInvitation(db: Queryable, tokenHash: string): Promise<InvitationPreview | null> {
  const row = await db.one<InvitationPreview>(
    `select a.name as "accountName", u.name as "inviterName", i.email,
       exists (select 1 from users x where x.email = i.email) as "hasAccount",
       case when i.accepted_at is not null then 'used'
            when i.revoked_at is not null then 'revoked'
            when i.expires_at <= now() then 'expired'
            else 'valid' end as state,
       i.expires_at as "expiresAt"
     from invitations i
     join accounts a on a.id = i.account_id
     left join users u on u.id = i.invited_by
     where i.token_hash = $1`,
    [tokenHash],
  );
  return row && toPreview(row);
}
