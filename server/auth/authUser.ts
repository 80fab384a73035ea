import type { PlanCode as Plan, Role, UserStatus, UserView } from '../../src/contracts/auth.ts';

export type { Plan, Role, UserStatus };

/** The signed-in user as read from the database on every request (`request.user`). */
export type AuthUser = {
  id: number;
  email: string;
  name: string;
  role: Role;
  plan: Plan;
  status: UserStatus;
};

export function toUserView(user: AuthUser, accountId: number | null): UserView {
  return {
    userId: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    plan: user.plan,
    status: user.status,
    accountId,
  };
}
