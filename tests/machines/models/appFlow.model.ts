import { createMachine } from 'xstate';

/**
 * The root app flow as a person sees it in the browser (e2e/appPaths.spec.ts walks one test per generated
 * path against the real server): sign up or sign in, business setup, flow choice, builder or generator,
 * save, back to the dashboard, logout, and a session revoked elsewhere.
 */
export const appFlowModel = createMachine({
  id: 'appFlowModel',
  initial: 'signedOut',
  states: {
    signedOut: { on: { 'visitor.signUp': 'businessSetup', 'owner.signIn': 'dashboard' } },
    businessSetup: { on: { 'setup.build': 'builder', 'setup.generate': 'generator' } },
    dashboard: {
      on: {
        'website.create': 'flowChoice',
        'session.logout': 'signedOut',
        'session.expire': 'signedOut',
      },
    },
    flowChoice: { on: { 'flow.build': 'builder', 'flow.generate': 'generator', 'view.back': 'dashboard' } },
    generator: { on: { 'generator.generate': 'builder', 'view.back': 'dashboard' } },
    builder: { on: { 'builder.save': 'dashboard', 'view.back': 'dashboard' } },
  },
});
