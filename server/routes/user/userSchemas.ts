import { schemas } from '../../../src/contracts/jsonSchema.ts';

export const userViewProperties = {
  userId: { type: 'integer' },
  email: { type: 'string' },
  name: { type: 'string' },
  role: { type: 'string', enum: ['user', 'admin'] },
  plan: { type: 'integer', enum: [0, 1, 2] },
  status: { type: 'string', enum: ['trial', 'active', 'expired'] },
  accountId: { type: ['integer', 'null'] },
} as const;

export const userViewSchema = {
  type: 'object',
  properties: userViewProperties,
  required: Object.keys(userViewProperties),
} as const;

/** `currentPassword` is needed only when the email changes (it is the sign-in identity). */
export type ProfileBody = { name: string; email: string; currentPassword?: string };

export const profileSchema = {
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['name', 'email'],
    properties: {
      name: schemas.text(100),
      email: schemas.email,
      currentPassword: { type: 'string', maxLength: 128 },
    },
  },
  response: { 200: userViewSchema, 400: schemas.message, 403: schemas.message, 409: schemas.message },
} as const;

export type ChangePasswordBody = { currentPassword: string; newPassword: string };

export const changePasswordSchema = {
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['currentPassword', 'newPassword'],
    properties: {
      currentPassword: { type: 'string', minLength: 1, maxLength: 128 },
      newPassword: schemas.password,
    },
  },
  response: {
    200: {
      type: 'object',
      properties: { message: { type: 'string' }, token: { type: 'string' } },
      required: ['message', 'token'],
    },
    400: schemas.message,
  },
} as const;

export const meSchema = { response: { 200: userViewSchema } } as const;
