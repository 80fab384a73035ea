import type { Industry } from './common.ts';

/** Platform role (spec §3): anything but `admin` is treated as `user`. */
export type Role = 'user' | 'admin';
/** Subscription state shown by the header badge. */
export type UserStatus = 'trial' | 'active' | 'expired';
/** Plan codes: 0 FREE, 1 STARTER, 2 BUSINESS. */
export type PlanCode = 0 | 1 | 2;

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

/** Business setup payload (the logo is collected by the form but never sent). */
export type BusinessSetupInput = {
  businessName: string;
  industry: Industry;
  services: string;
  email: string;
  phone: string;
};

/** What Settings › Business details edits: the setup fields, the address and the social profiles. */
export type BusinessDetailsInput = BusinessSetupInput & { address: string; socialLinks: string[] };

/** The stored business profile of the current account. */
export type BusinessProfile = BusinessDetailsInput & { websiteId: string | null };

/** Review submission (spec §3). */
export type ReviewInput = { rating: number; reviewText: string; email: string | null };

/** Server shape of a user (`/api/user/me`, and the login/register body without `token`). */
export type RawUser = {
  userId: string | number;
  email: string;
  name?: string | null;
  role?: string | null;
  plan?: number | null;
  status?: string | null;
  accountId?: string | number | null;
};

/** Maps the server's user onto the client's, applying the spec's defaults. */
export function toUser(raw: RawUser): User {
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
