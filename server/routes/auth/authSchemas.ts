import {
  INVITATION_TOKEN_MAX,
  INVITATION_TOKEN_MIN,
  INVITATION_TOKEN_PATTERN,
} from '../../../src/contracts/invitations.ts';
import { schemas } from '../../../src/contracts/jsonSchema.ts';
import { joinedAccountSchema } from '../accounts/accountsSchemas.ts';
import { userViewProperties } from '../user/userSchemas.ts';

/** The token of an invitation link (/invite#<token>), taken up as part of signing up or in. */
const invitationToken = {
  type: 'string',
  minLength: INVITATION_TOKEN_MIN,
  maxLength: INVITATION_TOKEN_MAX,
  pattern: INVITATION_TOKEN_PATTERN,
} as const;

const sessionSchema = {
  type: 'object',
  properties: {
    ...userViewProperties,
    token: { type: 'string' },
    // With an invitation token: the account joined (also the session's account).
    joined: joinedAccountSchema,
  },
  required: [...Object.keys(userViewProperties), 'token'],
} as const;

/** Why an invitation could not be taken up at sign-up or sign-in (its link's state, or another address). */
const invitationRefusals = {
  403: schemas.message,
  404: schemas.message,
  409: schemas.message,
  410: schemas.message,
} as const;

export type RegisterBody = { email: string; password: string; name?: string; invitationToken?: string };

export const registerSchema = {
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['email', 'password'],
    properties: {
      email: schemas.email,
      password: schemas.password,
      // Optional; blank means "use the part of the email before the @".
      name: { type: 'string', transform: ['trim'], maxLength: 100 },
      // Signing up from an invitation link: the user joins that account and gets none of their own.
      invitationToken,
    },
  },
  response: { 201: sessionSchema, ...invitationRefusals },
} as const;

export type LoginBody = { email: string; password: string; invitationToken?: string };

export const loginSchema = {
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['email', 'password'],
    // Any length is worth a try at sign-in: the 6-character rule is for choosing a password.
    properties: {
      email: schemas.email,
      password: { type: 'string', minLength: 1, maxLength: 128 },
      // Signing in from an invitation link: the user joins that account, which becomes the session's.
      invitationToken,
    },
  },
  response: { 200: sessionSchema, 401: schemas.message, 429: schemas.message, ...invitationRefusals },
} as const;

export const logoutSchema = { body: schemas.noBody, response: { 204: schemas.noContent } } as const;
