/**
 * Accounts (organisations) and their members (GET/POST /api/accounts…): the JSON Schemas of the API and the types
 * derived from them. The server validates and documents with these; the client reads the same types.
 */
import { INDUSTRIES } from './industries.ts';
import { type Infer, schemas } from './jsonSchema.ts';

/** The account role that manages the account's members. */
export const ADMIN_ROLE = 'Admin';
/** Why the last Admin of an account can be neither removed nor given another role (the server's 409). */
export const LAST_ADMIN = 'An account needs at least one Admin';

/**
 * Whether `userId` is the only Admin among `members`: the server refuses to remove them or change their role,
 * so the screens do not offer either.
 */
export function isLastAdmin<Id>(
  members: ReadonlyArray<{ userId: Id; roleName: string }>,
  userId: Id,
): boolean {
  const admins = members.filter((member) => member.roleName === ADMIN_ROLE);
  return admins.length === 1 && admins[0]?.userId === userId;
}

/** An account role's name in a body (the server checks it against the account roles). */
export const roleNameSchema = { type: 'string', transform: ['trim'], minLength: 1, maxLength: 50 } as const;

/** Path parameters `{ accountId }`. */
export const accountParams = {
  type: 'object',
  required: ['accountId'],
  properties: { accountId: schemas.id },
} as const;

/** Not signed in, or not allowed in this account. */
export const denied = { 401: schemas.message, 403: schemas.message } as const;

const accountProperties = {
  id: { type: 'integer' },
  name: { type: 'string' },
  industry: { type: 'string' },
  description: { type: 'string' },
  isActive: { type: 'boolean' },
} as const;
const accountRequired = ['id', 'name', 'industry', 'description', 'isActive'] as const;

/** An account as the server stores it. */
export const accountSchema = {
  type: 'object',
  properties: accountProperties,
  required: accountRequired,
  additionalProperties: false,
} as const;
export type AccountRow = Infer<typeof accountSchema>;

/** An account with the caller's role in it, so the client hides what that role may not do. */
export const memberAccountSchema = {
  type: 'object',
  properties: { ...accountProperties, roleName: { type: 'string' } },
  required: [...accountRequired, 'roleName'],
  additionalProperties: false,
} as const;
export type MemberAccount = Infer<typeof memberAccountSchema>;

/** A member of an account (spec §3 Account user; `id` is the membership's). */
export const accountUserSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    userId: { type: 'integer' },
    userName: { type: 'string' },
    userEmail: { type: 'string' },
    roleName: { type: 'string' },
    joinedAt: schemas.dateTime,
  },
  required: ['id', 'userId', 'userName', 'userEmail', 'roleName', 'joinedAt'],
  additionalProperties: false,
} as const;
export type AccountMember = Infer<typeof accountUserSchema>;

/** An account role; at least User and Admin, the server may offer more. */
export const accountRoleSchema = {
  type: 'object',
  properties: { id: { type: 'integer' }, name: { type: 'string' } },
  required: ['id', 'name'],
  additionalProperties: false,
} as const;
export type AccountRoleRow = Infer<typeof accountRoleSchema>;

const memberParams = {
  type: 'object',
  required: ['accountId', 'userId'],
  properties: { accountId: schemas.id, userId: schemas.id },
} as const;

/** The routes' schemas: params, body and every answer. */
export const accountsApi = {
  list: { response: { 200: { type: 'array', items: memberAccountSchema }, ...denied } },
  create: {
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
  },
  users: {
    params: accountParams,
    response: { 200: { type: 'array', items: accountUserSchema }, ...denied },
  },
  roles: {
    params: accountParams,
    response: { 200: { type: 'array', items: accountRoleSchema }, ...denied },
  },
  changeRole: {
    params: memberParams,
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['roleName'],
      properties: { roleName: roleNameSchema },
    },
    response: { 200: accountUserSchema, ...denied, 404: schemas.message, 409: schemas.message },
  },
  removeMember: {
    params: memberParams,
    response: { 204: schemas.noContent, ...denied, 404: schemas.message, 409: schemas.message },
  },
} as const;

export type CreateAccountBody = Infer<typeof accountsApi.create.body>;
