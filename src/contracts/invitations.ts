/**
 * Invitation links (issue 16): what a link shows before anyone signs in, shared by the preview endpoint
 * and the landing page at /invite#<token>.
 */

/** What became of an invitation: open, past its expiry, withdrawn by the account, or taken up. */
export const INVITATION_STATES = ['valid', 'expired', 'revoked', 'used'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

/** The invitation behind a link (POST /api/invitations/preview). */
export type InvitationPreview = {
  accountName: string;
  /** Who sent it (null when that user was deleted since). */
  inviterName: string | null;
  /** The address it was sent to: the only one that may take it up. */
  email: string;
  /** Whether that address already has a user: the page offers Sign in instead of Create account. */
  hasAccount: boolean;
  state: InvitationState;
  expiresAt: string;
};

/** A token as links carry it (256 random bits in base64url; a little room either way). */
export const INVITATION_TOKEN_PATTERN = '^[A-Za-z0-9_-]+$';
export const INVITATION_TOKEN_MIN = 16;
export const INVITATION_TOKEN_MAX = 200;

/** What the landing page says about a link that cannot be used (its state, or an unknown token). */
export const INVITATION_LINK_MESSAGES: Record<Exclude<InvitationState, 'valid'> | 'unknown', string> = {
  expired: 'This invitation has expired. Ask the person who invited you for a new one.',
  revoked: 'This invitation was withdrawn. Ask the person who invited you for a new one.',
  used: 'This invitation has already been used.',
  unknown: 'This invitation link is not valid. Check that you copied the whole link.',
};
