import { expect, test } from 'vitest';

import { createTestModel } from 'xstate/graph';
import { appMachine } from '../../src/machines/appMachine.ts';
import { ApiError } from '../../src/services/ApiError.ts';
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

// What settling each call must have shown (the latest toast title), or `null` for no toast.
const toastAfter: Record<string, { succeed: string | null; fail: string | null }> = {
  login: { succeed: 'Welcome back!', fail: 'Authentication failed' },
  register: { succeed: 'Account created!', fail: 'Authentication failed' },
  setupBusiness: { succeed: 'Business profile created!', fail: 'Business setup failed' },
  generateWebsite: { succeed: null, fail: null },
  facebookAdsCallback: { succeed: 'Facebook connected!', fail: 'Facebook connection failed' },
  googleAdsCallback: { succeed: null, fail: null },
  logoutCall: { succeed: null, fail: null },
};
const outputOf: Record<string, unknown> = {
  login: aliceAuth,
  register: aliceAuth,
  setupBusiness: { ...business, websiteId: null },
  generateWebsite: { websiteId: '77' },
};

function expectToastAfter(h: AppHarness, name: string, outcome: 'succeed' | 'fail', toastsBefore: number) {
  const expected = toastAfter[name][outcome];
  if (expected === null) expect(h.toasts()).toHaveLength(toastsBefore);
  else expect(h.lastToastTitle()).toBe(expected);
}

for (const path of paths) {
  test(`app: ${path.description}`, async () => {
    let h!: AppHarness;
    const load = (input: typeof anonymousLoad) => {
      h = createAppHarness(input, { inspect: coverage.inspect });
    };
    const settle = async (outcome: 'succeed' | 'fail') => {
      const before = h.toasts().length;
      const name =
        outcome === 'succeed' ? await h.calls.settle(outputOf[h.calls.only()]) : await h.calls.fail(failure);
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
        'load.codeWithoutSession': () =>
          load({ session: null, location: { pathname: '/', search: '?code=f1' }, oauthProcessed: false }),
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
        },
        'business.build': () => h.actor.send({ type: 'business.submit', business, next: 'builder' }),
        'business.generate': () => h.actor.send({ type: 'business.submit', business, next: 'generator' }),
        'session.logout': () => h.session().send({ type: 'session.logout' }),
        'session.expire': () => {
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
        auth: () => {
          expect(h.actor.getSnapshot().value).toEqual({ auth: 'idle' });
          expect(h.session().getSnapshot().value).toBe('anonymous');
          expect(h.effects.at(-1)).toBe('syncUrl:auth');
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
          expect(h.actor.getSnapshot().context.setupVariant).toBe('generate');
        },
        businessSetup: () => {
          expect(h.actor.getSnapshot().value).toEqual({ businessSetup: 'editing' });
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
          expect(snapshot.value).toBe('dashboard');
          expect(h.session().getSnapshot().value).toBe('authenticated');
          expect(h.session().getSnapshot().context.token).toBe('token-1');
          expect(Object.keys(snapshot.children)).toEqual(
            expect.arrayContaining(['tour', 'review', 'profileForm', 'passwordForm']),
          );
        },
        loggingOut: () => {
          expect(h.actor.getSnapshot().value).toBe('dashboard');
          expect(h.session().getSnapshot().value).toBe('loggingOut');
        },
        flowChoice: () => expect(h.actor.getSnapshot().value).toBe('flowChoice'),
        builder: () => {
          expect(h.actor.getSnapshot().value).toBe('builder');
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
          expect(h.actor.getSnapshot().hasTag('busy')).toBe(false);
        },
        generating: () => {
          expect(h.actor.getSnapshot().value).toEqual({ generator: 'generating' });
          expect(h.actor.getSnapshot().hasTag('busy')).toBe(true);
          expect(h.calls.calls.at(-1)).toEqual({ name: 'generateWebsite', input: business });
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
