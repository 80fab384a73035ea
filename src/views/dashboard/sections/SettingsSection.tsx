import { SectionPlaceholder, type SectionProps } from '../SectionPlaceholder.tsx';

/** Loaded on demand: its own chunk. */
export function SettingsSection({ title }: SectionProps) {
  return <SectionPlaceholder title={title} />;
}
