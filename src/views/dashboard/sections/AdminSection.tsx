import { AdminDashboard } from '../../admin/AdminDashboard.tsx';
import type { SectionProps } from '../SectionPlaceholder.tsx';

/** The Admin dashboard; reached only through `RequireAdmin`. */
export function AdminSection({ title }: SectionProps) {
  return <AdminDashboard title={title} />;
}
