// The dashboard's children with their calls: one module, loaded once when the app first shows the dashboard
// (they start together), so the first screen carries one import of them rather than one per child.
export { createLivePasswordForm, createLiveProfileForm } from '../account/liveAccountForms.ts';
export { createLiveAdminMachine, createLiveTeamMachine } from '../account/liveTeamMachines.ts';
export { createLiveOAuthConnectMachine, createLivePlannerMachine } from '../planner/livePlannerMachines.ts';
