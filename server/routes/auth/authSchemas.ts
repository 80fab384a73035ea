import { schemas } from '../../validation.ts';
import { userViewProperties } from '../user/userSchemas.ts';

const sessionSchema = {
  type: 'object',
  properties: { ...userViewProperties, token: { type: 'string' } },
  required: [...Object.keys(userViewProperties), 'token'],
} as const;

export type RegisterBody = { email: string; password: string; name?: string };

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
    },
  },
  response: { 201: sessionSchema, 409: schemas.message },
} as const;

export type LoginBody = { email: string; password: string };

export const loginSchema = {
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['email', 'password'],
    // Any length is worth a try at sign-in: the 6-character rule is for choosing a password.
    properties: { email: schemas.email, password: { type: 'string', minLength: 1, maxLength: 128 } },
  },
  response: { 200: sessionSchema, 401: schemas.message, 429: schemas.message },
} as const;

export const logoutSchema = { body: schemas.noBody, response: { 204: schemas.noContent } } as const;
