import Chip from '@mui/material/Chip';
import type { PlanCode, UserStatus } from '../../contracts/auth.ts';

const PLAN_LABELS: Record<PlanCode, string> = { 0: 'FREE', 1: 'STARTER', 2: 'BUSINESS' };

/** Spec §4: trial amber "Trial", active green with the plan name, expired red "Expired". */
export function StatusBadge({ status, plan }: { status: UserStatus; plan: PlanCode }) {
  if (status === 'active') return <Chip size="small" color="success" label={PLAN_LABELS[plan]} />;
  if (status === 'expired') return <Chip size="small" color="error" label="Expired" />;
  return <Chip size="small" color="warning" label="Trial" />;
}
