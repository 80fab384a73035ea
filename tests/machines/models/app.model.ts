import { createMachine } from 'xstate';

// Effect-free model of the app flow (spec §2 and §4). Each state of the model names what the
// real machine must show; `call.succeed` / `call.fail` settle whichever call is in flight.
export const appModel = createMachine({
  id: 'appModel',
  initial: 'loading',
  states: {
    loading: {
      on: {
        'load.anonymous': 'auth',
        'load.authenticated': 'dashboard',
        'load.googleCode': 'oauthGoogle',
        'load.facebookCode': 'oauthFacebook',
        'load.processedCode': 'dashboard',
        'load.codeWithoutSession': 'auth',
        'load.builderLink': 'builder',
      },
    },
    oauthGoogle: { on: { 'call.succeed': 'dashboard', 'call.fail': 'dashboard' } },
    oauthFacebook: { on: { 'call.succeed': 'dashboard', 'call.fail': 'dashboard' } },
    auth: { on: { 'auth.login': 'signingIn', 'auth.register': 'registering' } },
    signingIn: { on: { 'call.succeed': 'dashboard', 'call.fail': 'auth' } },
    registering: { on: { 'call.succeed': 'businessSetup', 'call.fail': 'auth' } },
    businessSetup: {
      on: {
        'business.build': 'settingUpForBuilder',
        'business.generate': 'settingUpForGenerator',
        'session.expire': 'auth',
      },
    },
    businessSetupVariant: {
      on: { 'business.generate': 'settingUpVariant', 'view.back': 'dashboard', 'session.expire': 'auth' },
    },
    settingUpVariant: { on: { 'call.succeed': 'generator', 'call.fail': 'businessSetupVariant' } },
    settingUpForBuilder: { on: { 'call.succeed': 'builder', 'call.fail': 'businessSetup' } },
    settingUpForGenerator: { on: { 'call.succeed': 'generator', 'call.fail': 'businessSetup' } },
    dashboard: {
      on: {
        'website.create': 'flowChoice',
        'template.use': 'builder',
        'website.edit': 'builder',
        'website.generate': 'businessSetupVariant',
        'session.logout': 'loggingOut',
        'session.expire': 'auth',
        'session.remoteLogout': 'auth',
      },
    },
    loggingOut: { on: { 'call.succeed': 'auth', 'call.fail': 'auth' } },
    flowChoice: {
      on: {
        'flow.build': 'builder',
        'flow.generate': 'generator',
        'view.back': 'dashboard',
        'session.expire': 'auth',
      },
    },
    builder: { on: { 'website.saved': 'dashboard', 'view.back': 'dashboard', 'session.expire': 'auth' } },
    generator: {
      on: {
        'generator.generate': 'generating',
        'website.saved': 'dashboard',
        'view.back': 'dashboard',
        'session.expire': 'auth',
      },
    },
    generating: {
      on: { 'call.succeed': 'builder', 'call.fail': 'generator', 'call.networkFail': 'generator' },
    },
  },
});
