import { SectionPlaceholder, type SectionProps } from '../SectionPlaceholder.tsx';

/** Loaded on demand: its own chunk. */
export function TemplatesSection({ title }: SectionProps) {
  return <SectionPlaceholder title={title} />;
}
