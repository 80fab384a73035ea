import { QueryClientProvider } from '@tanstack/react-query';
import { HttpContext } from '../../services/http/httpContext.ts';
import type { JobPageSystem } from './createJobPageSystem.ts';
import { JobDashboard } from './JobDashboard.tsx';

/**
 * /hangfire: the job dashboard as a page of its own (the Admin dashboard shows it in a 500px frame). Its actors
 * are created by its system (`createJobPageSystem`, in main.tsx), never here.
 */
export function JobDashboardPage({ system }: { system: JobPageSystem }) {
  return (
    <QueryClientProvider client={system.queryClient}>
      <HttpContext.Provider value={system.http}>
        <JobDashboard
          admin={system.admin}
          signedIn={system.session !== null}
          isAdmin={system.session?.user.role === 'admin'}
        />
      </HttpContext.Provider>
    </QueryClientProvider>
  );
}
