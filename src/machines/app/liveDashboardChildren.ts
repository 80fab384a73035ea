// The dashboard's children with their calls, and the shell's (the walkthrough, the review popup): one module,
// loaded once when the app first shows the dashboard (they start together), so the first screen carries one
// import of them rather than one per child.
import type { Http } from '../../services/http/http.ts';
import type { QueryClientSource } from '../../services/http/queryClientSource.ts';
import { createLivePasswordForm, createLiveProfileForm } from '../account/liveAccountForms.ts';
import { createLiveAdminMachine, createLiveTeamMachine } from '../account/liveTeamMachines.ts';
import { createLiveOAuthConnectMachine, createLivePlannerMachine } from '../planner/livePlannerMachines.ts';

export { createLiveReviewMachine } from '../review/liveReviewMachine.ts';
export { tourMachine } from '../tour/tourMachine.ts';

/** The dashboard's children, made once with the query cache. */
export async function dashboardChildren(http: Http, queries: QueryClientSource) {
  const queryClient = await queries.load();
  return {
    profileForm: createLiveProfileForm(http, queryClient),
    passwordForm: createLivePasswordForm(http),
    team: createLiveTeamMachine(http, queryClient),
    admin: createLiveAdminMachine(http, queryClient),
    planner: createLivePlannerMachine(http, queryClient),
    oauthConnect: createLiveOAuthConnectMachine(http, queryClient),
  };
}
