import type { WorkflowQueue } from '../../crm/crmEvents.ts';
import type { RouteDeps } from '../routeDeps.ts';

// Its own file, so the CRM sub-routes do not import crmRoutes back.
/** What the CRM route files receive: the app's deps and where workflow runs are queued (null: nowhere). */
export type CrmDeps = RouteDeps & { queueRun: WorkflowQueue | null };

/** What the CRM routes need (`config`): every member reads, 'crm.edit' changes (a Viewer's role only reads). */
export const crmView = { permission: 'account.view' } as const;
export const crmEdit = { permission: 'crm.edit' } as const;
