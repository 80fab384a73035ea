/**
 * Invitation links (issue 16): inviting to an account, what a link shows before anyone signs in (shared by the
 * preview endpoint and the landing page at /invite#<token>), and taking it up: the JSON Schemas of the API and the
 * types derived from them.
 */
import { accountParams, denied, roleNameSchema } from './accounts.ts';
import { type Infer, schemas } from './jsonSchema.ts';

/** What became of an invitation: open, past its expiry, withdrawn by the account, or taken up. */
export const INVITATION_STATES = ['valid', 'expired', 'revoked', 'used'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

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

/**
 * Add Existing User with an address no user has: nothing is created, and the dialog says what to do instead
 * (Add User invites a new address).
 */
export const NO_USER_WITH_EMAIL = 'No user has this email address. To invite someone new, use Add User.';

/** The token of an invitation link (/invite#<token>). */
export const invitationTokenSchema = {
  type: 'string',
  minLength: INVITATION_TOKEN_MIN,
  maxLength: INVITATION_TOKEN_MAX,
  pattern: INVITATION_TOKEN_PATTERN,
} as const;

/** The account an invitation joined: the accept answer, and `joined` in a sign-in or sign-up with a token. */
export const joinedAccountSchema = {
  type: 'object',
  properties: {
    accountId: { type: 'integer' },
    accountName: { type: 'string' },
    roleName: { type: 'string' },
  },
  required: ['accountId', 'accountName', 'roleName'],
  additionalProperties: false,
} as const;
export type JoinedAccount = Infer<typeof joinedAccountSchema>;

/** An invitation not yet accepted, as the account's Users tab lists it. */
export const pendingInvitationSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    email: { type: 'string' },
    roleName: { type: 'string' },
    invitedBy: { type: ['string', 'null'] },
    createdAt: schemas.dateTime,
    expiresAt: schemas.dateTime,
    expired: { type: 'boolean' },
  },
  required: ['id', 'email', 'roleName', 'invitedBy', 'createdAt', 'expiresAt', 'expired'],
  additionalProperties: false,
} as const;
export type PendingInvitation = Infer<typeof pendingInvitationSchema>;

/** The invitation behind a link (POST /api/invitations/preview). */
export const invitationPreviewSchema = {
  type: 'object',
  properties: {
    accountName: { type: 'string' },
    /** Who sent it (null when that user was deleted since). */
    inviterName: { type: ['string', 'null'] },
    /** The address it was sent to: the only one that may take it up. */
    email: { type: 'string' },
    /** Whether that address already has a user: the page offers Sign in instead of Create account. */
    hasAccount: { type: 'boolean' },
    state: { type: 'string', enum: INVITATION_STATES },
    expiresAt: schemas.dateTime,
  },
  required: ['accountName', 'inviterName', 'email', 'hasAccount', 'state', 'expiresAt'],
  additionalProperties: false,
} as const;
export type InvitationPreview = Infer<typeof invitationPreviewSchema>;

const tokenBody = {
  type: 'object',
  additionalProperties: false,
  required: ['token'],
  properties: { token: invitationTokenSchema },
} as const;

/** The routes' schemas: inviting, the pending invitations, and a link's preview and acceptance. */
export const invitationsApi = {
  inviteOrAdd: {
    params: accountParams,
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['email', 'roleName'],
      properties: {
        email: schemas.email,
        roleName: roleNameSchema,
        // Add Existing User: only someone who already has a login; an unknown address is a 404, not an invitation.
        existingOnly: { type: 'boolean' },
      },
    },
    response: {
      200: {
        type: 'object',
        properties: {
          wasExistingUser: { type: 'boolean' },
          // Only for a new address: the link to hand over (it is also mailed when SMTP is configured).
          invitationLink: { type: 'string' },
          expiresAt: schemas.dateTime,
        },
        required: ['wasExistingUser'],
        additionalProperties: false,
      },
      ...denied,
      404: schemas.message,
      409: schemas.message,
    },
  },
  list: {
    params: accountParams,
    response: { 200: { type: 'array', items: pendingInvitationSchema }, ...denied },
  },
  revoke: {
    params: {
      type: 'object',
      required: ['accountId', 'invitationId'],
      properties: { accountId: schemas.id, invitationId: schemas.id },
    },
    response: { 204: schemas.noContent, ...denied, 404: schemas.message },
  },
  preview: {
    body: tokenBody,
    response: { 200: invitationPreviewSchema, 404: schemas.message },
  },
  accept: {
    body: tokenBody,
    response: {
      200: joinedAccountSchema,
      401: schemas.message,
      403: schemas.message,
      404: schemas.message,
      409: schemas.message,
      410: schemas.message,
    },
  },
} as const;

export type InviteBody = Infer<typeof invitationsApi.inviteOrAdd.body>;
export type InviteAnswer = Infer<(typeof invitationsApi.inviteOrAdd.response)[200]>;
