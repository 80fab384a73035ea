import { ACCOUNT_ACTION_TYPES } from './activitySentences.ts';

/**
 * The kinds of activity-log entries: the server writes them, the admin filter offers them.
 * (The server imports this module; keep it free of browser APIs.)
 */
export const ACTIVITY_TYPES = [
  'auth.register',
  'auth.login',
  'auth.login_failed',
  'auth.logout',
  'access.denied',
  'user.profile_updated',
  'user.password_changed',
  'account.created',
  'member.added',
  'member.invited',
  'member.role_changed',
  'member.removed',
  'invitation.accepted',
  'invitation.revoked',
  'admin.user_updated',
  'admin.credit_updated',
  'admin.job_retried',
  'admin.replay_viewed',
  'store.order_placed',
  'store.order_status_changed',
  'integration.connected',
  'integration.disconnected',
  'webhook.created',
  'webhook.deleted',
  'domain.verified',
  'domain.unverified',
  // What members do in an account, in words (activitySentences.ts).
  ...ACCOUNT_ACTION_TYPES,
] as const;

export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** Account roles every account offers (the server may add more). */
export const ACCOUNT_ROLES = ['User', 'Admin', 'Viewer'] as const;
/** Spec §6: the default account role when adding a user. */
export const DEFAULT_ACCOUNT_ROLE = 'User';
/** How long an invitation link stays valid. */
export const INVITATION_LIFETIME_DAYS = 7;

/** The mail outbox (issue 15): every transactional mail is written here first, then sent by a job. */
export const OUTBOX_STATUSES = ['queued', 'sent', 'held', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** One message as GET /api/admin/outbox lists it (platform admins only). */
export type OutboxMessage = {
  id: number;
  /** What it is about, e.g. 'order.confirmation', 'order.notice', 'order.status'. */
  kind: string;
  to: string;
  subject: string;
  /** Plain text. */
  body: string;
  /** 'held': no mail server is configured (SMTP_URL), the message waits here. */
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
};
export type OutboxPage = { results: OutboxMessage[]; totalCount: number };
export type OutboxQuery = { skip: number; take: number; status?: OutboxStatus };
