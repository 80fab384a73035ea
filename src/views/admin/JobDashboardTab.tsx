import Box from '@mui/material/Box';

/** Spec §9: the embedded job dashboard is 500px high. */
export const JOB_DASHBOARD_HEIGHT = 500;

/** The Job Dashboard tab: the /hangfire page, embedded (same origin, so it shares the sign-in). */
export function JobDashboardTab() {
  return (
    <Box
      component="iframe"
      src="/hangfire"
      title="Job Dashboard"
      sx={{ width: '100%', height: `${JOB_DASHBOARD_HEIGHT}px`, border: 0, display: 'block' }}
    />
  );
}
