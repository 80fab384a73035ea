import { createMachine } from 'xstate';

// Effect-free model of the app flow (spec §2 and §4). Each state of the model names what the
// real machine must show; `call.succeed` / `call.fail` settle whichever call is in flight. `load.*Link`
// opens the app on a place's URL, `nav.*` moves between places (a click or Back/Forward): every place is
// reachable both ways, and `authReturning` is the sign-in screen holding a place to return to. The places with
// actors of their own (the Storefront preview's cart, Business details, the recording switch, an open recorded
// session) run them only while they show. A form with typed changes not saved yet (Business details) makes a move
// elsewhere, or a sign-out, ask first.
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
        'load.invitation': 'invite',
        'load.invitationSignedIn': 'inviteSignedIn',
        'load.deepLinkSignedOut': 'authReturning',
        'load.orderMailLink': 'dashboardPlace',
        'load.flowChoiceLink': 'flowChoice',
        'load.generatorLink': 'generator',
        'load.setupLink': 'businessSetup',
        'load.generateSetupLink': 'businessSetupVariant',
        'load.loginSignedIn': 'dashboard',
      },
    },
    // The invitation landing page: joining (with the sign-up or sign-in) lands in the dashboard, never in
    // business setup; leaving goes where the app would have opened.
    invite: { on: { 'invitation.joined': 'dashboard', 'invite.leave': 'auth' } },
    inviteSignedIn: { on: { 'invite.leave': 'dashboard' } },
    oauthGoogle: { on: { 'call.succeed': 'dashboard', 'call.fail': 'dashboard' } },
    oauthFacebook: { on: { 'call.succeed': 'dashboard', 'call.fail': 'dashboard' } },
    auth: {
      on: {
        'auth.login': 'signingIn',
        'auth.register': 'registering',
        'nav.back': 'authReturning',
        'nav.section': 'authReturning',
      },
    },
    authReturning: { on: { 'auth.login': 'signingInReturning' } },
    signingInReturning: { on: { 'call.succeed': 'returned', 'call.fail': 'authReturning' } },
    // Signed in again: the view of the place that was kept (a dashboard place, the builder, the flow…).
    returned: {},
    signingIn: { on: { 'call.succeed': 'dashboard', 'call.fail': 'auth' } },
    registering: { on: { 'call.succeed': 'businessSetup', 'call.fail': 'auth' } },
    businessSetup: {
      on: {
        'business.build': 'settingUpForBuilder',
        'business.generate': 'settingUpForGenerator',
        'session.expire': 'authReturning',
      },
    },
    businessSetupVariant: {
      on: {
        'business.generate': 'settingUpVariant',
        'view.back': 'dashboard',
        'session.expire': 'authReturning',
      },
    },
    settingUpVariant: { on: { 'call.succeed': 'generator', 'call.fail': 'businessSetupVariant' } },
    settingUpForBuilder: { on: { 'call.succeed': 'builder', 'call.fail': 'businessSetup' } },
    settingUpForGenerator: { on: { 'call.succeed': 'generatorAfterSetup', 'call.fail': 'businessSetup' } },
    // Set up with a logo: the generator gets its uploaded address from the app, not from storage.
    generatorAfterSetup: { on: { 'generator.generate': 'generatingWithLogo' } },
    generatingWithLogo: { on: { 'call.succeed': 'builder' } },
    dashboard: {
      on: {
        'website.create': 'flowChoice',
        'template.use': 'builder',
        'website.edit': 'builder',
        'website.generate': 'businessSetupVariant',
        'session.logout': 'loggingOut',
        'session.expire': 'auth',
        'session.remoteLogout': 'auth',
        'nav.section': 'dashboardPlace',
        'nav.back': 'dashboardPlace',
        'nav.openSite': 'builder',
        'nav.backToFlowChoice': 'flowChoice',
        'nav.backToLogin': 'dashboard',
        // Into a CRM section and back home: the CRM (and its data) runs only while one of its places shows.
        'nav.crmAndHome': 'dashboard',
        'storefront.open': 'storefrontLoading',
        'nav.businessDetails': 'businessDetails',
        'replaySettings.open': 'replaySettings',
        'nav.sessionReplay': 'sessionReplay',
        // The header's Start tour and the star button, once the shell's children run.
        'shell.tourStart': 'dashboard',
        'shell.reviewOpen': 'dashboard',
        // The AI Assistant's new post, once the dashboard's children (the planner) run.
        'shell.plannerCompose': 'dashboard',
      },
    },
    // The preview's cart: its code loads, then it runs for the store shown; another store gets a cart of its own.
    storefrontLoading: { on: { 'call.succeed': 'storefront', 'call.fail': 'storefrontFailed' } },
    storefront: {
      on: {
        'storefront.openSame': 'storefront',
        'storefront.openOther': 'storefrontLoading',
        'storefront.close': 'dashboard',
      },
    },
    storefrontFailed: { on: { 'storefront.close': 'dashboard' } },
    businessDetails: { on: { 'nav.home': 'dashboard', 'form.edit': 'businessDetailsUnsaved' } },
    // Typed and not saved: going elsewhere (a click, or Back) or signing out asks first; Stay keeps the page,
    // Leave goes (or signs out).
    businessDetailsUnsaved: {
      on: {
        'nav.home': 'leaveAsked',
        'nav.backHome': 'leaveAskedAfterBack',
        'session.logout': 'leaveAskedOnLogout',
        'form.revert': 'businessDetails',
      },
    },
    leaveAsked: { on: { 'leave.stay': 'businessDetailsUnsaved', 'leave.confirm': 'dashboard' } },
    leaveAskedAfterBack: { on: { 'leave.stay': 'businessDetailsUnsaved', 'leave.confirm': 'dashboard' } },
    leaveAskedOnLogout: { on: { 'leave.stay': 'businessDetailsUnsaved', 'leave.confirm': 'loggingOut' } },
    replaySettings: { on: { 'replaySettings.close': 'dashboard' } },
    sessionReplay: { on: { 'replayViewer.open': 'replayViewer', 'nav.home': 'dashboard' } },
    replayViewer: { on: { 'replayViewer.close': 'sessionReplay', 'nav.home': 'dashboard' } },
    dashboardPlace: {
      on: { 'nav.openSite': 'builder', 'session.expire': 'authReturning', 'nav.section': 'dashboardPlace' },
    },
    loggingOut: { on: { 'call.succeed': 'auth', 'call.fail': 'auth' } },
    flowChoice: {
      on: {
        'flow.build': 'builder',
        'flow.generate': 'generator',
        'view.back': 'dashboard',
        'session.expire': 'authReturning',
      },
    },
    builder: {
      on: {
        'website.saved': 'dashboard',
        'view.back': 'dashboard',
        'session.expire': 'authReturning',
        'nav.back': 'dashboardPlace',
        'nav.sameSite': 'builder',
      },
    },
    generator: {
      on: {
        'generator.generate': 'generating',
        'website.saved': 'dashboard',
        'view.back': 'dashboard',
        'session.expire': 'authReturning',
      },
    },
    generating: {
      on: { 'call.succeed': 'builder', 'call.fail': 'generator', 'call.networkFail': 'generator' },
    },
  },
});
