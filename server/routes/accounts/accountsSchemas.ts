import { INDUSTRIES, type Industry } from '../../../src/contracts/common.ts';
import {
  INVITATION_STATES,
  INVITATION_TOKEN_MAX,
  INVITATION_TOKEN_MIN,
  INVITATION_TOKEN_PATTERN,
} from '../../../src/contracts/invitations.ts';
import { schemas } from '../../../src/contracts/jsonSchema.ts';

export const accountSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    industry: { type: 'string' },
    description: { type: 'string' },
    isActive: { type: 'boolean' },
  },
  required: ['id', 'name', 'industry', 'description', 'isActive'],
} as const;

const dateTime = { type: 'string', format: 'date-time' } as const;
const id = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;
const roleName = { type: 'string', transform: ['trim'], minLength: 1, maxLength: 50 } as const;

export type AccountParams = { accountId: number };
export type MemberParams = { accountId: number; userId: number };
export type InvitationParams = { accountId: number; invitationId: number };

const accountParams = {
  type: 'object',
  required: ['accountId'],
  properties: { accountId: id },
} as const;

const denied = { 401: schemas.message, 403: schemas.message } as const;

export type CreateAccountBody = { name: string; industry: Industry; description?: string };

// The caller's role in each account, so the client hides what that role may not do.
const memberAccountSchema = {
  type: 'object',
  properties: { ...accountSchema.properties, roleName: { type: 'string' } },
  required: [...accountSchema.required, 'roleName'],
} as const;

export const listAccountsSchema = {
  response: { 200: { type: 'array', items: memberAccountSchema }, ...denied },
} as const;

export const createAccountSchema = {
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['name', 'industry'],
    properties: {
      name: schemas.text(120),
      industry: { type: 'string', enum: INDUSTRIES },
      description: { type: 'string', transform: ['trim'], maxLength: 2000 },
    },
  },
  response: { 201: accountSchema, ...denied },
} as const;

const accountUserSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    userId: { type: 'integer' },
    userName: { type: 'string' },
    userEmail: { type: 'string' },
    roleName: { type: 'string' },
    joinedAt: dateTime,
  },
  required: ['id', 'userId', 'userName', 'userEmail', 'roleName', 'joinedAt'],
} as const;

export const listUsersSchema = {
  params: accountParams,
  response: { 200: { type: 'array', items: accountUserSchema }, ...denied },
} as const;

export const listRolesSchema = {
  params: accountParams,
  response: {
    200: {
      type: 'array',
      items: {
        type: 'object',
        properties: { id: { type: 'integer' }, name: { type: 'string' } },
        required: ['id', 'name'],
      },
    },
    ...denied,
  },
} as const;

export type InviteBody = { email: string; roleName: string };

export const inviteSchema = {
  params: accountParams,
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['email', 'roleName'],
    properties: { email: schemas.email, roleName },
  },
  response: {
    200: {
      type: 'object',
      properties: {
        wasExistingUser: { type: 'boolean' },
        // Only for a new address: the link to hand over (it is also mailed when SMTP is configured).
        invitationLink: { type: 'string' },
        expiresAt: dateTime,
      },
      required: ['wasExistingUser'],
    },
    ...denied,
    409: schemas.message,
  },
} as const;

export type ChangeRoleBody = { roleName: string };

const memberParams = {
  type: 'object',
  required: ['accountId', 'userId'],
  properties: { accountId: id, userId: id },
} as const;

export const changeRoleSchema = {
  params: memberParams,
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['roleName'],
    properties: { roleName },
  },
  response: { 200: accountUserSchema, ...denied, 404: schemas.message, 409: schemas.message },
} as const;

export const removeMemberSchema = {
  params: memberParams,
  response: { 204: { type: 'null' }, ...denied, 404: schemas.message, 409: schemas.message },
} as const;

export const listInvitationsSchema = {
  params: accountParams,
  response: {
    200: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          email: { type: 'string' },
          roleName: { type: 'string' },
          invitedBy: { type: ['string', 'null'] },
          createdAt: dateTime,
          expiresAt: dateTime,
          expired: { type: 'boolean' },
        },
        required: ['id', 'email', 'roleName', 'invitedBy', 'createdAt', 'expiresAt', 'expired'],
      },
    },
    ...denied,
  },
} as const;

export const revokeInvitationSchema = {
  params: {
    type: 'object',
    required: ['accountId', 'invitationId'],
    properties: { accountId: id, invitationId: id },
  },
  response: { 204: { type: 'null' }, ...denied, 404: schemas.message },
} as const;

export type AcceptBody = { token: string };

const tokenBody = {
  type: 'object',
  additionalProperties: false,
  required: ['token'],
  properties: {
    token: {
      type: 'string',
      minLength: INVITATION_TOKEN_MIN,
      maxLength: INVITATION_TOKEN_MAX,
      pattern: INVITATION_TOKEN_PATTERN,
    },
  },
} as const;

export const previewInvitationSchema = {
  body: tokenBody,
  response: {
    200: {
      type: 'object',
      properties: {
        accountName: { type: 'string' },
        inviterName: { type: ['string', 'null'] },
        email: { type: 'string' },
        hasAccount: { type: 'boolean' },
        state: { type: 'string', enum: INVITATION_STATES },
        expiresAt: dateTime,
      },
      required: ['accountName', 'inviterName', 'email', 'hasAccount', 'state', 'expiresAt'],
    },
    404: schemas.message,
  },
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
} as const;

export const acceptInvitationSchema = {
  body: tokenBody,
  response: {
    200: joinedAccountSchema,
    401: schemas.message,
    403: schemas.message,
    404: schemas.message,
    409: schemas.message,
    410: schemas.message,
  },
} as const;
