// The import sites of the places' children (the CRM, Settings › Business details, the recording switch, a
// replayed session, the invitation page), in a module loaded when the app first goes to one of them: their
// preload lists are not part of the first screen's chunk.
export const crm = () => import('../crm/liveCrmMachine.ts');
export const businessDetails = () => import('../account/liveBusinessDetailsMachine.ts');
export const replaySettings = () => import('../account/liveReplaySettingsMachine.ts');
export const replayPlayer = () => import('../admin/replayPlayerMachine.ts');
export const invitation = () => import('../session/liveInvitationMachine.ts');
