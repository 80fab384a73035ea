import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** What every section lazily loaded into the dashboard receives. */
export type SectionProps = { title: string };

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
