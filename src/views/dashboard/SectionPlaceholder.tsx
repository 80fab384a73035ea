import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { SectionId } from './sections.ts';

/** What every section lazily loaded into the dashboard receives. */
export type SectionProps = { title: string; onNavigate?: (section: SectionId) => void; section?: SectionId };

/** A section's heading; its content belongs to later issues. */
export function SectionPlaceholder({ title, children }: SectionProps & { children?: ReactNode }) {
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h2">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}
