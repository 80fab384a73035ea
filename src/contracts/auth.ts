/**
 * Signing up, in and out, and the signed-in user (POST /api/auth/…, /api/user/…): the JSON Schemas of the API,
 * the types derived from them, and the client's view of the user.
 */
import { invitationTokenSchema, joinedAccountSchema } from './invitations.ts';
import { type Infer, schemas } from './jsonSchema.ts';

/** Platform roles (spec §3): anything but `admin` is treated as `user`. */
export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];
/** Subscription states shown by the header badge. */
export const USER_STATUSES = ['trial', 'active', 'expired'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
/** Plan codes: 0 FREE, 1 STARTER, 2 BUSINESS. */
export const PLAN_CODES = [0, 1, 2] as const;
export type PlanCode = (typeof PLAN_CODES)[number];

const userViewProperties = {
  userId: { type: 'integer' },
  email: { type: 'string' },
  name: { type: 'string' },
  role: { type: 'string', enum: ROLES },
  plan: { type: 'integer', enum: PLAN_CODES },
  status: { type: 'string', enum: USER_STATUSES },
  accountId: { type: ['integer', 'null'] },
} as const;
const userViewRequired = ['userId', 'email', 'name', 'role', 'plan', 'status', 'accountId'] as const;

/** The user as the server sends it (`/api/user/me`, and the sign-in/sign-up answer without `token`). */
export const userViewSchema = {
  type: 'object',
  properties: userViewProperties,
  required: userViewRequired,
  additionalProperties: false,
} as const;
export type UserView = Infer<typeof userViewSchema>;

const sessionSchema = {
  type: 'object',
  properties: {
    ...userViewProperties,
    token: { type: 'string' },
    // With an invitation token: the account joined (also the session's account).
    joined: joinedAccountSchema,
  },
  required: [...userViewRequired, 'token'],
  additionalProperties: false,
} as const;
/** The answer to a sign-in or sign-up: the user, their token, and the account an invitation joined. */
export type Session = Infer<typeof sessionSchema>;

/** Why an invitation could not be taken up at sign-up or sign-in (its link's state, or another address). */
const invitationRefusals = {
  403: schemas.message,
  404: schemas.message,
  409: schemas.message,
  410: schemas.message,
} as const;

/** The routes' schemas of /api/auth: params, body and every answer. */
export const authApi = {
  register: {
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
        invitationToken: invitationTokenSchema,
      },
    },
    response: { 201: sessionSchema, ...invitationRefusals },
  },
  login: {
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['email', 'password'],
      // Any length is worth a try at sign-in: the 6-character rule is for choosing a password.
      properties: {
        email: schemas.email,
        password: { type: 'string', minLength: 1, maxLength: 128 },
        // Signing in from an invitation link: the user joins that account, which becomes the session's.
        invitationToken: invitationTokenSchema,
      },
    },
    response: { 200: sessionSchema, 401: schemas.message, 429: schemas.message, ...invitationRefusals },
  },
  logout: { body: schemas.noBody, response: { 204: schemas.noContent } },
} as const;

export type RegisterBody = Infer<typeof authApi.register.body>;
export type LoginBody = Infer<typeof authApi.login.body>;

/** The routes' schemas of /api/user: the signed-in user's own profile and password. */
export const userApi = {
  me: { response: { 200: userViewSchema } },
  profile: {
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'email'],
      properties: {
        name: schemas.text(100),
        email: schemas.email,
        // Needed only when the email changes (it is the sign-in identity).
        currentPassword: { type: 'string', maxLength: 128 },
      },
    },
    response: { 200: userViewSchema, 400: schemas.message, 403: schemas.message, 409: schemas.message },
  },
  changePassword: {
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
      // The server revokes older tokens and answers with a fresh one to keep.
      200: {
        type: 'object',
        properties: { message: { type: 'string' }, token: { type: 'string' } },
        required: ['message', 'token'],
        additionalProperties: false,
      },
      400: schemas.message,
    },
  },
} as const;

/** Profile form payload; `currentPassword` only when the email changes (the server requires it then). */
export type ProfileBody = Infer<typeof userApi.profile.body>;
export type ChangePasswordBody = Infer<typeof userApi.changePassword.body>;
export type ChangePasswordResult = Infer<(typeof userApi.changePassword.response)[200]>;

/** The signed-in user as the client keeps it (localStorage `user`). */
export type User = {
  id: string;
  email: string;
  name: string;
  role: Role;
  plan: PlanCode;
  status: UserStatus;
  accountId: string | null;
};

/** What a successful sign-in or registration yields. */
export type AuthResult = { token: string; user: User };

/** An account (organisation) the user belongs to. */
export type Account = {
  id: string;
  name: string;
  industry: string;
  description: string;
  isActive: boolean;
  /** The signed-in user's role in this account (Viewer, User, Admin, …): what the views let them do. */
  roleName: string | null;
};

/** Maps the server's user onto the client's, applying the spec's defaults. */
export function toUser(raw: UserView): User {
  const plan = raw.plan === 1 || raw.plan === 2 ? raw.plan : 0;
  const status = raw.status === 'active' || raw.status === 'expired' ? raw.status : 'trial';
  return {
    id: String(raw.userId),
    email: raw.email,
    name: raw.name?.trim() ? raw.name : raw.email.split('@')[0],
    role: raw.role === 'admin' ? 'admin' : 'user',
    plan,
    status,
    accountId: raw.accountId === null || raw.accountId === undefined ? null : String(raw.accountId),
  };
}
