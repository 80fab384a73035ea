import { expect, test } from 'vitest';

import { createTestModel } from 'xstate/graph';
import { type AppRoute, appRoute, buildPath, HOME_ROUTE } from '../../src/contracts/appRoutes.ts';
import { appMachine, isDashboardRoute, selectView } from '../../src/machines/app/appMachine.ts';
import {
  selectCartRef,
  selectLeaveAsked,
  selectReplaySessionId,
  selectUnsavedChanges,
} from '../../src/machines/app/appSelectors.ts';
import { ApiError } from '../../src/services/http/ApiError.ts';
import { type AppHarness, aliceAuth, anonymousLoad, createAppHarness, storedAlice } from './appHarness.ts';
import { testRealCoverage, trackCoverage } from './machineCoverage.ts';
import { declaredStates, declaredTransitions, serializeEveryTransition, walked } from './modelCoverage.ts';
import { appModel } from './models/app.model.ts';

const coverage = trackCoverage(appMachine);
const model = createTestModel(appModel, { serializeTransition: serializeEveryTransition });
const paths = model.getShortestPaths();

const business = {
  businessName: 'Acme',
  industry: 'retail',
  services: 'Shoes',
  email: 'a@b.co',
  phone: '123',
} as const;
const failure = new ApiError(401, 'Invalid email or password');
const INVITE_TOKEN = 'tok-1234567890abcdef';
const LOGO_URL = '/uploads/a1/logo.png';

// What settling each call must have shown (the latest toast title), or `null` for no toast.
const toastAfter: Record<string, { succeed: string | null; fail: string | null }> = {
  login: { succeed: 'Welcome back!', fail: 'Authentication failed' },
  register: { succeed: 'Account created!', fail: 'Authentication failed' },
  setupBusiness: { succeed: 'Business profile created!', fail: 'Business setup failed' },
  generateWebsite: { succeed: null, fail: null },
  facebookAdsCallback: { succeed: 'Facebook connected!', fail: 'Facebook connection failed' },
  googleAdsCallback: { succeed: null, fail: null },
  logoutCall: { succeed: null, fail: null },
  cartLogic: { succeed: null, fail: null },
};
const outputOf: Record<string, unknown> = {
  login: aliceAuth,
  register: aliceAuth,
  // The logo chosen in the form was uploaded beside the setup call: the generator uses its address.
  setupBusiness: { profile: { ...business, websiteId: null }, logoUrl: LOGO_URL },
  generateWebsite: { websiteId: '77' },
};

// The places `nav.section` goes to in turn (a CRM section, a settings page, an admin tab, an opened record).
const sectionPlaces: AppRoute[] = [
  appRoute('crm', { section: 'deals' }),
  appRoute('settings', { tab: 'team' }),
  appRoute('admin', { tab: 'jobs' }),
  appRoute('crmContact', { contactId: '7' }),
];
const at = (pathname: string, search = '') => ({ pathname, search });
/** Lets the dashboard shell's children (their code a resolved promise here) start. */
const flushShell = () => new Promise((resolve) => setTimeout(resolve, 0));
/** The actors that run only while their place shows. */
const PLACE_ACTORS = ['cart', 'businessDetails', 'replaySettings', 'replayPlayer'] as const;
const running = (h: AppHarness) => PLACE_ACTORS.filter((id) => h.actor.system.get(id) !== undefined);

/** The view a place shows (the dashboard for its sections, tabs and records). */
function viewOf(route: AppRoute): string {
  if (isDashboardRoute(route)) return 'dashboard';
  if (route.name === 'generateSetup') return 'businessSetup';
  return route.name === 'login' ? 'auth' : route.name;
}

function expectToastAfter(h: AppHarness, name: string, outcome: 'succeed' | 'fail', toastsBefore: number) {
  const expected = toastAfter[name][outcome];
  if (expected === null) expect(h.toasts()).toHaveLength(toastsBefore);
  else expect(h.lastToastTitle()).toBe(expected);
}

for (const path of paths) {
  test(`app: ${path.description}`, async () => {
    let h!: AppHarness;
    // The place the walk expects the app to show (or keep for after sign-in), and the address it wrote.
    let place: AppRoute = HOME_ROUTE;
    let url = '';
    let sections = 0;
    // The store the Storefront preview shows.
    let store = '';
    const route = () => h.actor.getSnapshot().context.route;
    const load = (input: typeof anonymousLoad) => {
      h = createAppHarness(input, { inspect: coverage.inspect });
    };
    const settle = async (outcome: 'succeed' | 'fail') => {
      const before = h.toasts().length;
      const pending = h.calls.only();
      const output = pending === 'cartLogic' ? h.cartLogic : outputOf[pending];
      const name = outcome === 'succeed' ? await h.calls.settle(output) : await h.calls.fail(failure);
      expectToastAfter(h, name, outcome, before);
      if (name === 'googleAdsCallback' && outcome === 'succeed')
        expect(h.effects).toContain('markGoogleConnected');
      if (name === 'facebookAdsCallback' && outcome === 'succeed')
        expect(h.effects).toContain('markFacebookConnected');
      if (name === 'logoutCall') expect(h.effects).toContain('clearStorage');
    };

    await path.test({
      events: {
        'load.anonymous': () => load(anonymousLoad),
        'load.authenticated': () => load({ ...anonymousLoad, session: storedAlice }),
        'load.googleCode': () =>
          load({
            session: storedAlice,
            location: { pathname: '/ads/google', search: '?code=g1&state=s' },
            oauthProcessed: false,
          }),
        'load.facebookCode': () =>
          load({
            session: storedAlice,
            location: { pathname: '/', search: '?code=f1' },
            oauthProcessed: false,
          }),
        'load.processedCode': () =>
          load({
            session: storedAlice,
            location: { pathname: '/', search: '?code=f1' },
            oauthProcessed: true,
          }),
        'load.builderLink': () =>
          load({
            session: storedAlice,
            location: { pathname: '/builder/42', search: '' },
            oauthProcessed: false,
          }),
        'load.invitation': () =>
          load({
            ...anonymousLoad,
            location: { pathname: '/invite', search: '' },
            invitationToken: INVITE_TOKEN,
          }),
        'load.invitationSignedIn': () =>
          load({
            session: storedAlice,
            location: { pathname: '/invite', search: '' },
            oauthProcessed: false,
            invitationToken: INVITE_TOKEN,
          }),
        'invitation.joined': async () => {
          await h.calls.settle({
            accountName: 'Bakery',
            inviterName: 'Rosa',
            email: 'alice@example.com',
            hasAccount: false,
            state: 'valid',
            expiresAt: '2030-01-01T00:00:00.000Z',
          });
          h.actor.system.get('invitation')?.send({ type: 'invitation.register', password: 'secret1' });
          expect(h.calls.only()).toBe('registerWithInvitation');
          await h.calls.settle({ ...aliceAuth, accountName: 'Bakery' });
          expect(h.lastToastTitle()).toBe('You joined Bakery');
        },
        'invite.leave': () => h.actor.send({ type: 'invite.leave' }),
        'load.codeWithoutSession': () =>
          load({ session: null, location: { pathname: '/', search: '?code=f1' }, oauthProcessed: false }),
        // A link opened signed out: the sign-in screen keeps it.
        'load.deepLinkSignedOut': () => {
          place = appRoute('crmContact', { contactId: '7' });
          load({ ...anonymousLoad, location: at('/crm/contacts/7') });
        },
        // The owner's link in a new-order e-mail (the address it has had since before the route table).
        'load.orderMailLink': () => {
          place = appRoute('store', { tab: 'orders', store: 's1', order: 'o1' });
          url = 'replace:/store/orders?store=s1&order=o1';
          load({
            ...anonymousLoad,
            session: storedAlice,
            location: at('/', '?storeTab=orders&store=s1&order=o1'),
          });
        },
        'load.flowChoiceLink': () =>
          load({ ...anonymousLoad, session: storedAlice, location: at('/websites/new') }),
        'load.generatorLink': () =>
          load({ ...anonymousLoad, session: storedAlice, location: at('/websites/new/generator') }),
        'load.setupLink': () => load({ ...anonymousLoad, session: storedAlice, location: at('/setup') }),
        'load.generateSetupLink': () =>
          load({ ...anonymousLoad, session: storedAlice, location: at('/websites/new/business') }),
        'load.loginSignedIn': () => load({ ...anonymousLoad, session: storedAlice, location: at('/login') }),
        // A click on a section, a tab or a record.
        'nav.section': () => {
          place = sectionPlaces[sections++ % sectionPlaces.length]!;
          url = `push:${buildPath(place)}`;
          h.actor.send({ type: 'nav.go', route: place });
        },
        // Back (or Forward) to a place the address bar held.
        'nav.back': () => {
          place = appRoute('admin', { tab: 'jobs' });
          url = 'replace:/admin/jobs';
          h.actor.send({ type: 'nav.popstate', location: at('/admin/jobs') });
        },
        'nav.crmAndHome': () => {
          h.actor.send({ type: 'nav.go', route: appRoute('crm', { section: 'leads' }) });
          expect(h.actor.system.get('crm')?.getSnapshot().status).toBe('active');
          h.actor.send({ type: 'nav.go', route: HOME_ROUTE });
        },
        'nav.openSite': () => h.actor.send({ type: 'nav.go', route: appRoute('builder', { siteId: '42' }) }),
        'nav.backToFlowChoice': () => h.actor.send({ type: 'nav.popstate', location: at('/websites/new') }),
        'nav.backToLogin': () => h.actor.send({ type: 'nav.popstate', location: at('/login') }),
        // Only the builder's own query changed (a dialog of its own): nothing reloads, nothing is written.
        'nav.sameSite': () => {
          const before = h.urls().length;
          h.actor.send({ type: 'nav.popstate', location: at(buildPath(route()), '?history=1') });
          expect(h.urls()).toHaveLength(before);
        },
        'storefront.open': () => {
          store = 's1';
          h.actor.send({ type: 'storefront.open', storeId: store });
        },
        // The same store again (a view shown twice): the cart stays as it is, nothing reloads.
        'storefront.openSame': () => {
          const cart = selectCartRef(h.actor.getSnapshot());
          const before = h.calls.calls.length;
          h.actor.send({ type: 'storefront.open', storeId: store });
          expect(selectCartRef(h.actor.getSnapshot())).toBe(cart);
          expect(h.calls.calls).toHaveLength(before);
        },
        'storefront.openOther': () => {
          store = 's2';
          h.actor.send({ type: 'storefront.open', storeId: store });
        },
        'storefront.close': () => h.actor.send({ type: 'storefront.close' }),
        // Delivered through the app to the running tour / review popup (the waiting before their code has
        // loaded is timing: lazyLogic.test.ts and the Dashboard view tests click before the load ends).
        'shell.tourStart': async () => {
          await flushShell();
          h.actor.send({ type: 'tour.start' });
          expect(h.actor.system.get('tour')?.getSnapshot().value).toBe('visible');
          h.actor.system.get('tour')?.send({ type: 'tour.skip' });
        },
        'shell.reviewOpen': async () => {
          await flushShell();
          h.actor.send({ type: 'review.open' });
          expect(h.actor.system.get('review')?.getSnapshot().value).toEqual({ open: 'editing' });
          h.actor.system.get('review')?.send({ type: 'review.close' });
        },
        'shell.plannerCompose': async () => {
          await flushShell();
          h.actor.send({ type: 'planner.compose', text: 'Fresh bread every Friday' });
          const planner = h.actor.system.get('planner');
          expect(planner?.getSnapshot().value).toBe('editing');
          expect(planner?.getSnapshot().context.draft.text).toBe('Fresh bread every Friday');
          planner?.send({ type: 'planner.cancel' });
        },
        'nav.businessDetails': () =>
          h.actor.send({ type: 'nav.go', route: appRoute('settings', { tab: 'business' }) }),
        'nav.sessionReplay': () =>
          h.actor.send({ type: 'nav.go', route: appRoute('admin', { tab: 'replay' }) }),
        'nav.home': () => h.actor.send({ type: 'nav.go', route: HOME_ROUTE }),
        'nav.backHome': () => h.actor.send({ type: 'nav.popstate', location: at('/websites') }),
        'form.edit': () =>
          h.actor.system.get('businessDetails')?.send({ type: 'business.edit', unsaved: true }),
        'form.revert': () =>
          h.actor.system.get('businessDetails')?.send({ type: 'business.edit', unsaved: false }),
        'leave.stay': () => h.actor.send({ type: 'leave.stay' }),
        'leave.confirm': () => h.actor.send({ type: 'leave.confirm' }),
        'replaySettings.open': () => h.actor.send({ type: 'replaySettings.open' }),
        'replaySettings.close': () => h.actor.send({ type: 'replaySettings.close' }),
        'replayViewer.open': () => h.actor.send({ type: 'replayViewer.open', sessionId: 'r1' }),
        'replayViewer.close': () => h.actor.send({ type: 'replayViewer.close' }),
        'auth.login': () =>
          h.actor.send({ type: 'auth.login', email: 'alice@example.com', password: 'secret1' }),
        'auth.register': () =>
          h.actor.send({ type: 'auth.register', email: 'alice@example.com', password: 'secret1' }),
        'call.succeed': () => settle('succeed'),
        'call.fail': async () => {
          const generating = h.calls.only() === 'generateWebsite';
          await settle('fail');
          // Spec §8: the server's message, or 'Website generation failed'.
          if (generating)
            expect(h.actor.getSnapshot().context.generatorError).toBe('Invalid email or password');
        },
        'call.networkFail': async () => {
          await h.calls.fail(new ApiError(0, 'Network error'));
          expect(h.actor.getSnapshot().context.generatorError).toBe('Network error. Please try again.');
        },
        'generator.generate': () => h.actor.send({ type: 'generator.generate', business }),
        'template.use': () => {
          h.actor.send({ type: 'template.use', templateId: 'landing-startup' });
          expect(h.effects).toContain('storeTemplate:landing-startup');
          // The choice travels to the builder as its input (nothing reads it back from storage).
          expect(h.actor.system.get('builder')?.getSnapshot().context).toMatchObject({
            websiteId: null,
            templateId: 'landing-startup',
          });
        },
        'business.build': () => h.actor.send({ type: 'business.submit', business, next: 'builder' }),
        'business.generate': () => h.actor.send({ type: 'business.submit', business, next: 'generator' }),
        // The account menu's Logout goes through the app (which may ask first), not straight to the session.
        'session.logout': () => h.actor.send({ type: 'session.logout' }),
        'session.expire': () => {
          place = route();
          h.session().send({ type: 'session.expired' });
          expect(h.lastToastTitle()).toBe('Session expired');
          expect(h.toasts().at(-1)?.message).toBe('Please log in again');
        },
        'session.remoteLogout': () => h.remoteLogout(),
        'website.create': () => h.actor.send({ type: 'website.create' }),
        'website.edit': () => h.actor.send({ type: 'website.edit', websiteId: '42' }),
        'website.generate': () => h.actor.send({ type: 'website.generate' }),
        'flow.build': () => h.actor.send({ type: 'flow.build' }),
        'flow.generate': () => h.actor.send({ type: 'flow.generate' }),
        'view.back': () => h.actor.send({ type: 'view.back' }),
        'website.saved': () => h.actor.send({ type: 'website.saved' }),
      },
      states: {
        invite: () => {
          expect(selectView(h.actor.getSnapshot())).toBe('invite');
          expect(h.session().getSnapshot().value).toBe('anonymous');
          expect(h.calls.calls.at(-1)).toEqual({ name: 'previewInvitation', input: { token: INVITE_TOKEN } });
        },
        inviteSignedIn: () => {
          expect(selectView(h.actor.getSnapshot())).toBe('invite');
          expect(h.session().getSnapshot().value).toBe('authenticated');
          expect(h.actor.system.get('invitation')?.getSnapshot().context.signedInEmail).toBe(
            'alice@example.com',
          );
        },
        auth: () => {
          expect(h.actor.getSnapshot().value).toEqual({ auth: 'idle' });
          expect(h.session().getSnapshot().value).toBe('anonymous');
          expect(h.urls().at(-1)).toBe('replace:/login');
          // Nothing beyond the websites list to come back to.
          expect([null, 'websites']).toContain(h.actor.getSnapshot().context.returnTo?.name ?? null);
        },
        authReturning: () => {
          expect(h.actor.getSnapshot().value).toEqual({ auth: 'idle' });
          expect(h.urls().at(-1)).toBe('replace:/login');
          expect(h.actor.getSnapshot().context.returnTo).toEqual(place);
        },
        signingInReturning: () => {
          expect(h.actor.getSnapshot().value).toEqual({ auth: 'signingIn' });
          expect(h.actor.getSnapshot().context.returnTo).toEqual(place);
        },
        returned: () => {
          expect(route()).toEqual(place);
          expect(selectView(h.actor.getSnapshot())).toBe(viewOf(place));
          expect(h.urls().at(-1)).toBe(`replace:${buildPath(place)}`);
          expect(h.actor.getSnapshot().context.returnTo).toBeNull();
        },
        dashboardPlace: () => {
          // The CRM actor runs on the CRM's places only (its deals, an opened contact), nowhere else.
          const atCrm = place.name === 'crm' || place.name === 'crmContact';
          expect(selectView(h.actor.getSnapshot())).toBe('dashboard');
          expect(h.actor.getSnapshot().matches({ dashboard: { crm: atCrm ? 'open' : 'closed' } })).toBe(true);
          expect(h.actor.system.get('crm') === undefined).toBe(!atCrm);
          expect(route()).toEqual(place);
          expect(h.urls().at(-1)).toBe(url);
        },
        signingIn: () => {
          expect(h.actor.getSnapshot().value).toEqual({ auth: 'signingIn' });
          expect(h.actor.getSnapshot().hasTag('busy')).toBe(true);
          expect(h.calls.calls.at(-1)).toEqual({
            name: 'login',
            input: { email: 'alice@example.com', password: 'secret1' },
          });
        },
        registering: () => {
          expect(h.actor.getSnapshot().value).toEqual({ auth: 'registering' });
          expect(h.calls.only()).toBe('register');
        },
        oauthGoogle: () => {
          expect(h.actor.getSnapshot().value).toEqual({ oauth: 'google' });
          expect(h.calls.calls.at(-1)).toEqual({
            name: 'googleAdsCallback',
            input: { code: 'g1', state: 's' },
          });
          expect(h.effects).toContain('markOAuthProcessed');
        },
        oauthFacebook: () => {
          expect(h.actor.getSnapshot().value).toEqual({ oauth: 'facebook' });
          expect(h.calls.calls.at(-1)).toEqual({
            name: 'facebookAdsCallback',
            input: { code: 'f1', state: '' },
          });
          expect(h.effects).toContain('markOAuthProcessed');
        },
        businessSetupVariant: () => {
          expect(h.actor.getSnapshot().value).toEqual({ businessSetup: 'editing' });
          expect(route()).toEqual(appRoute('generateSetup'));
          expect(h.actor.getSnapshot().context.setupVariant).toBe('generate');
        },
        businessSetup: () => {
          expect(h.actor.getSnapshot().value).toEqual({ businessSetup: 'editing' });
          expect(route()).toEqual(appRoute('businessSetup'));
          expect(h.actor.getSnapshot().context.setupVariant).toBe('setup');
          expect(h.session().getSnapshot().value).toBe('authenticated');
        },
        settingUpForBuilder: () => {
          expect(h.actor.getSnapshot().value).toEqual({ businessSetup: 'submitting' });
          expect(h.calls.calls.at(-1)).toEqual({ name: 'setupBusiness', input: business });
        },
        settingUpVariant: () => {
          expect(h.actor.getSnapshot().value).toEqual({ businessSetup: 'submitting' });
          expect(h.actor.getSnapshot().context).toMatchObject({
            next: 'generator',
            setupVariant: 'generate',
          });
        },
        settingUpForGenerator: () => {
          expect(h.actor.getSnapshot().value).toEqual({ businessSetup: 'submitting' });
          expect(h.actor.getSnapshot().context.next).toBe('generator');
        },
        dashboard: () => {
          const snapshot = h.actor.getSnapshot();
          // At home no CRM data is loaded: its actor is not running.
          expect(selectView(snapshot)).toBe('dashboard');
          expect(snapshot.matches({ dashboard: { crm: 'closed' } })).toBe(true);
          expect(h.actor.system.get('crm')).toBeUndefined();
          expect(snapshot.context.route).toEqual(HOME_ROUTE);
          expect(h.session().getSnapshot().value).toBe('authenticated');
          expect(h.session().getSnapshot().context.token).toBe('token-1');
          expect(Object.keys(snapshot.children)).toEqual(
            expect.arrayContaining(['tour', 'review', 'profileForm', 'passwordForm']),
          );
          // No place with actors of its own shows: none of them runs, nothing of theirs loads.
          expect(running(h)).toEqual([]);
        },
        storefrontLoading: () => {
          expect(h.actor.getSnapshot().matches({ dashboard: { storefront: { open: 'loading' } } })).toBe(
            true,
          );
          expect(h.calls.only()).toBe('cartLogic');
          expect(running(h)).toEqual([]);
        },
        storefront: () => {
          const cart = selectCartRef(h.actor.getSnapshot());
          expect(running(h)).toEqual(['cart']);
          expect(h.actor.system.get('cart')).toBe(cart);
          expect(cart?.getSnapshot().context).toMatchObject({
            storeId: store,
            customerId: 'dashboard-preview',
          });
          // The cart of the store shown loads its catalogue and opens a cart there; nothing of another store.
          expect(h.calls.inFlight().sort()).toEqual(['createCart', 'loadProducts']);
          expect(h.calls.calls.slice(-2)).toEqual([
            { name: 'loadProducts', input: expect.objectContaining({ storeId: store }) },
            { name: 'createCart', input: { storeId: store, customerId: 'dashboard-preview' } },
          ]);
        },
        storefrontFailed: () => {
          expect(h.actor.getSnapshot().matches({ dashboard: { storefront: { open: 'failed' } } })).toBe(true);
          expect(running(h)).toEqual([]);
        },
        businessDetails: () => {
          expect(route()).toEqual(appRoute('settings', { tab: 'business' }));
          expect(running(h)).toEqual(['businessDetails']);
          expect(selectUnsavedChanges(h.actor.getSnapshot())).toBe(false);
        },
        businessDetailsUnsaved: () => {
          expect(route()).toEqual(appRoute('settings', { tab: 'business' }));
          expect(running(h)).toEqual(['businessDetails']);
          expect(selectUnsavedChanges(h.actor.getSnapshot())).toBe(true);
          expect(selectLeaveAsked(h.actor.getSnapshot())).toBe(false);
          expect(h.session().getSnapshot().value).toBe('authenticated');
          // After Back and Stay, the address shows the page again.
          expect(h.urls().at(-1)).toMatch(/:\/settings\/business$/);
        },
        leaveAsked: () => {
          // Nothing moved: the page (and its typed changes) stays until the owner answers.
          expect(route()).toEqual(appRoute('settings', { tab: 'business' }));
          expect(running(h)).toEqual(['businessDetails']);
          expect(selectLeaveAsked(h.actor.getSnapshot())).toBe(true);
          expect(h.urls().at(-1)).toMatch(/:\/settings\/business$/);
        },
        leaveAskedAfterBack: () => {
          expect(route()).toEqual(appRoute('settings', { tab: 'business' }));
          expect(selectLeaveAsked(h.actor.getSnapshot())).toBe(true);
        },
        leaveAskedOnLogout: () => {
          // Still signed in, on the page with its typed changes, until the owner answers.
          expect(route()).toEqual(appRoute('settings', { tab: 'business' }));
          expect(running(h)).toEqual(['businessDetails']);
          expect(selectLeaveAsked(h.actor.getSnapshot())).toBe(true);
          expect(h.session().getSnapshot().value).toBe('authenticated');
          expect(h.calls.inFlight()).not.toContain('logoutCall');
        },
        replaySettings: () => {
          expect(running(h)).toEqual(['replaySettings']);
        },
        sessionReplay: () => {
          expect(route()).toEqual(appRoute('admin', { tab: 'replay' }));
          expect(selectReplaySessionId(h.actor.getSnapshot())).toBeNull();
          expect(running(h)).toEqual([]);
        },
        replayViewer: () => {
          expect(selectReplaySessionId(h.actor.getSnapshot())).toBe('r1');
          expect(running(h)).toEqual(['replayPlayer']);
        },
        loggingOut: () => {
          expect(selectView(h.actor.getSnapshot())).toBe('dashboard');
          expect(h.session().getSnapshot().value).toBe('loggingOut');
          expect(h.calls.only()).toBe('logoutCall');
          // Leave answered the question: it is not asked again, nothing is left unsaved.
          expect(selectLeaveAsked(h.actor.getSnapshot())).toBe(false);
          expect(selectUnsavedChanges(h.actor.getSnapshot())).toBe(false);
        },
        flowChoice: () => {
          expect(h.actor.getSnapshot().value).toBe('flowChoice');
          expect(route()).toEqual(appRoute('flowChoice'));
          expect(h.urls().at(-1)).toMatch(/^(push|replace):\/websites\/new$/);
        },
        builder: () => {
          expect(h.actor.getSnapshot().value).toBe('builder');
          // The address names the site: its id, or the room of a draft not saved yet.
          const current = route();
          expect(current.name).toBe('builder');
          if (current.name === 'builder')
            expect(h.urls().at(-1)).toMatch(`:/builder/${current.params.siteId}`);
          // The Publish dialog's machine runs beside the builder.
          expect(h.actor.system.get('publish')).toBeDefined();
          const last = h.calls.calls.at(-1);
          if (last?.name === 'generateWebsite') {
            // The generated (and saved) site is what the builder opens.
            expect(h.actor.getSnapshot().context.builder.websiteId).toBe('77');
          }
        },
        generator: () => {
          expect(h.actor.getSnapshot().value).toEqual({ generator: 'idle' });
          expect(route()).toEqual(appRoute('generator'));
          expect(h.actor.getSnapshot().hasTag('busy')).toBe(false);
        },
        generatorAfterSetup: () => {
          expect(h.actor.getSnapshot().value).toEqual({ generator: 'idle' });
          expect(h.actor.getSnapshot().context.businessLogo).toBe(LOGO_URL);
        },
        generatingWithLogo: () => {
          expect(h.actor.getSnapshot().value).toEqual({ generator: 'generating' });
          expect(h.calls.calls.at(-1)).toEqual({
            name: 'generateWebsite',
            input: { ...business, logo: LOGO_URL },
          });
        },
        generating: () => {
          expect(h.actor.getSnapshot().value).toEqual({ generator: 'generating' });
          expect(h.actor.getSnapshot().hasTag('busy')).toBe(true);
          // After a business setup in this run, the logo it uploaded goes with the profile.
          const setUp = h.calls.calls.some((call) => call.name === 'setupBusiness');
          expect(h.calls.calls.at(-1)).toEqual({
            name: 'generateWebsite',
            input: setUp ? { ...business, logo: LOGO_URL } : business,
          });
        },
      },
    });
  });
}

test('the generated app paths cover every state and transition of the model', () => {
  const { edges, states } = walked(paths, 'loading');
  expect([...declaredStates(appModel)].filter((s) => s !== 'appModel' && !states.has(s))).toEqual([]);
  expect([...declaredTransitions(appModel)].filter((e) => !edges.has(e))).toEqual([]);
});

testRealCoverage(coverage, 'appMachine');
