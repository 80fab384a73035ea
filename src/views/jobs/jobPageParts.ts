// The job dashboard page and its system: one module, so the first screen carries one import of them.

export { createJobPageSystem } from './createJobPageSystem.ts';
export { JobDashboardPage } from './JobDashboardPage.tsx';
