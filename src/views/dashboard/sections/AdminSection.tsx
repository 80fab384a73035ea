import { SectionPlaceholder, type SectionProps } from '../SectionPlaceholder.tsx';

/** The Admin dashboard; reached only through `RequireAdmin`. */
export function AdminSection({ title }: SectionProps) {
  return <SectionPlaceholder title={title} />;
}
