import { createMachine } from 'xstate';

// Effect-free model of connecting an ad platform: Google opens a popup whose code the server
// exchanges (success sets googleAuthSuccess and refreshes the catalogue; a failure returns with the
// reason); Facebook leaves for the provider after setting redirectToFacebookCampaigns.
export const connectModel = createMachine({
  id: 'connectModel',
  initial: 'idle',
  states: {
    idle: { on: { 'connect.google': 'awaiting', 'connect.facebook': 'redirecting' } },
    awaiting: {
      on: {
        'popup.code': 'exchanging',
        'popup.error': 'failed',
        'popup.closed': 'idle',
        'connect.google': 'awaiting',
      },
    },
    exchanging: { on: { 'call.succeed': 'connected', 'call.fail': 'failed', 'popup.closed': 'exchanging' } },
    connected: { on: { 'connect.google': 'awaiting' } },
    failed: { on: { 'connect.google': 'awaiting', 'connect.facebook': 'redirecting' } },
    redirecting: { on: { 'connect.google': 'redirecting' } },
  },
});
