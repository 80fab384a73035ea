import { schemas } from '../../validation.ts';

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

export type ProfileBody = { name: string; email: string };

export const profileSchema = {
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['name', 'email'],
    properties: { name: schemas.text(100), email: schemas.email },
  },
  response: { 200: userViewSchema, 409: schemas.message },
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
