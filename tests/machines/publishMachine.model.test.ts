import { expect, test } from 'vitest';
import { type AnyActorRef, createActor, createMachine, fromCallback, fromPromise } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { DomainView, PublishResult } from '../../src/contracts/publish.ts';
import {
  defaultSubdomain,
  normalizeSubdomain,
  type PublishRequest,
  publishedMessage,
  publishMachine,
  SAVE_BEFORE_PUBLISH,
  selectPublishTyped,
  UNPUBLISHED_MESSAGE,
} from '../../src/machines/builder/publishMachine.ts';
import { ApiError } from '../../src/services/http/ApiError.ts';
import { testRealCoverage, trackCoverage } from './machineCoverage.ts';
import { declaredStates, declaredTransitions, serializeEveryTransition, walked } from './modelCoverage.ts';
import { publishModel } from './models/publish.model.ts';

const coverage = trackCoverage(publishMachine);

type Deferred = { resolve: (value: PublishResult) => void; reject: (error: unknown) => void };

/**
 * The Publish dialog's machine as the app runs it: beside a builder (systemId `builder`), here a fake that
 * parks each save request until the test answers it. `withBuilder: false`: the machine alone.
 */
function createHarness({ withBuilder = true } = {}) {
  const saveRequests: AnyActorRef[] = [];
  const requests: PublishRequest[] = [];
  let pending: Deferred | null = null;
  const unpublished: string[] = [];
  let pendingUnpublish: { resolve: () => void; reject: (error: unknown) => void } | null = null;
  const toasts: string[] = [];
  const verified: string[] = [];
  let pendingVerify: { resolve: (view: DomainView) => void; reject: (error: unknown) => void } | null = null;
  const machine = publishMachine.provide({
    actions: {
      toastPublished: (_, params) => {
        toasts.push(publishedMessage(params.domain));
      },
      toastUnpublished: () => {
        toasts.push(UNPUBLISHED_MESSAGE);
      },
    },
    actors: {
      publishSite: fromPromise(({ input }: { input: PublishRequest }) => {
        requests.push(input);
        return new Promise<PublishResult>((resolve, reject) => (pending = { resolve, reject }));
      }),
      unpublishSite: fromPromise(({ input }: { input: { websiteId: string } }) => {
        unpublished.push(input.websiteId);
        return new Promise<void>((resolve, reject) => (pendingUnpublish = { resolve, reject }));
      }),
      verifyDomain: fromPromise(({ input }: { input: { websiteId: string } }) => {
        verified.push(input.websiteId);
        return new Promise<DomainView>((resolve, reject) => (pendingVerify = { resolve, reject }));
      }),
    },
  });
  const fakeBuilder = fromCallback(({ receive }) => {
    receive((event) => {
      if (event.type === 'builder.save')
        saveRequests.push((event as unknown as { replyTo: AnyActorRef }).replyTo);
    });
  });
  const root = createMachine({
    invoke: [
      { id: 'publish', systemId: 'publish', src: machine },
      ...(withBuilder ? [{ id: 'builder', systemId: 'builder', src: fakeBuilder }] : []),
    ],
  });
  const system = createActor(root, { inspect: coverage.inspect }).start();
  const actor = system.system.get('publish') as ReturnType<typeof createActor<typeof machine>>;
  const toastTitles = () => toasts;
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    actor,
    saveRequests,
    requests,
    unpublished,
    pending: () => pending,
    pendingUnpublish: () => pendingUnpublish,
    verified,
    pendingVerify: () => pendingVerify,
    toastTitles,
    flush,
  };
}

const model = createTestModel(publishModel, { serializeTransition: serializeEveryTransition });
const paths = model.getShortestPaths();

const result: PublishResult = {
  domain: 'rosa-s-bakery.sites.test',
  subdomain: 'rosa-s-bakery',
  url: 'http://rosa-s-bakery.sites.test/',
  publishedAt: '2026-01-01T00:00:00.000Z',
  customDomain: null,
  customDomainStatus: 'none',
};

const pendingView: DomainView = {
  domain: 'www.rosa.test',
  status: 'pending',
  record: { type: 'TXT', name: '_bizsite-verify.www.rosa.test', value: '0123456789abcdef0123456789abcdef' },
  checkedAt: '2026-01-01T00:00:00.000Z',
  message: 'No TXT record _bizsite-verify.www.rosa.test with the expected value was found yet.',
};

for (const path of paths) {
  test(`publish: ${path.description}`, async () => {
    const h = createHarness();
    await path.test({
      events: {
        'open.saved': () =>
          h.actor.send({ type: 'publish.open', websiteId: '7', siteName: "  Rosa's  Bakery " }),
        'open.unsaved': () => h.actor.send({ type: 'publish.open', websiteId: null, siteName: 'My Website' }),
        'type.subdomain': () => {
          h.actor.send({ type: 'publish.subdomain', value: 'Rosa_Bakery 2!' });
          expect(h.actor.getSnapshot().context.subdomain).toBe('rosabakery2');
        },
        'open.published': () =>
          h.actor.send({
            type: 'publish.open',
            websiteId: '7',
            siteName: 'Renamed',
            subdomain: 'Rosas-Bakery',
          }),
        unpublish: () => h.actor.send({ type: 'publish.unpublish' }),
        'unpublish.confirm': () => h.actor.send({ type: 'publish.unpublishConfirm' }),
        'unpublish.cancel': () => h.actor.send({ type: 'publish.unpublishCancel' }),
        'unpublish.ok': async () => {
          h.pendingUnpublish()?.resolve();
          await h.flush();
          expect(h.toastTitles()).toEqual(['Website unpublished']);
        },
        'unpublish.fail': async () => {
          h.pendingUnpublish()?.reject(new ApiError(500, 'Internal server error'));
          await h.flush();
        },
        'type.customDomain': () => h.actor.send({ type: 'publish.customDomain', value: ' www.rosa.test ' }),
        submit: () => h.actor.send({ type: 'publish.submit' }),
        close: () => h.actor.send({ type: 'publish.close' }),
        verify: () => h.actor.send({ type: 'publish.verify' }),
        'verify.ok': async () => {
          h.pendingVerify()?.resolve(pendingView);
          await h.flush();
        },
        'verify.fail': async () => {
          h.pendingVerify()?.reject(
            new ApiError(
              409,
              'This custom domain is already verified by another site. Use a domain you own, or remove it from the other site first.',
            ),
          );
          await h.flush();
        },
        'save.ok': () => {
          expect(h.requests).toHaveLength(0);
          h.saveRequests.at(-1)?.send({ type: 'builder.saved', websiteId: '7', name: 'Rosa' });
        },
        'save.fail': () => {
          h.saveRequests.at(-1)?.send({ type: 'builder.saveFailed', error: new ApiError(500, 'Disk full') });
        },
        'publish.ok': async () => {
          h.pending()?.resolve(result);
          await h.flush();
        },
        'publish.conflict': async () => {
          h.pending()?.reject(
            new ApiError(409, 'This subdomain is already taken. Please choose another one.'),
          );
          await h.flush();
        },
      },
      states: {
        closed: () => {
          expect(h.actor.getSnapshot().value).toBe('closed');
          expect(selectPublishTyped(h.actor.getSnapshot())).toBe(false);
        },
        editingPublished: () => {
          expect(h.actor.getSnapshot().value).toBe('editing');
          // Republishing defaults to the current subdomain, not one made from the (changed) name.
          expect(h.actor.getSnapshot().context).toMatchObject({
            subdomain: 'rosas-bakery',
            publishedSubdomain: 'Rosas-Bakery',
          });
          // Opened as it is: Escape closes it.
          expect(selectPublishTyped(h.actor.getSnapshot())).toBe(false);
        },
        confirmingUnpublish: () => {
          // Asked, not done: the site stays published until the owner confirms.
          expect(h.actor.getSnapshot().value).toBe('confirmingUnpublish');
          expect(h.unpublished).toEqual([]);
        },
        unpublishing: () => {
          expect(h.actor.getSnapshot().hasTag('busy')).toBe(true);
          expect(h.unpublished).toEqual(['7']);
        },
        unpublishFailed: () => {
          expect(h.actor.getSnapshot().value).toBe('editing');
          expect(h.actor.getSnapshot().context.error).toBe('Internal server error');
        },
        unsaved: () => {
          expect(h.actor.getSnapshot().value).toBe('editing');
          expect(h.actor.getSnapshot().context.error).toBe(SAVE_BEFORE_PUBLISH);
          expect(selectPublishTyped(h.actor.getSnapshot())).toBe(false);
          // Nothing is published without a saved site.
          expect(h.requests).toEqual([]);
        },
        editing: () => {
          const { context, value } = h.actor.getSnapshot();
          expect(value).toBe('editing');
          expect(context.error).toBeNull();
          expect(h.unpublished).toEqual([]);
          expect(context.subdomain).toMatch(/^(rosas-bakery|rosabakery2)$/);
          // A subdomain or custom domain typed since it opened keeps the dialog open on Escape.
          expect(selectPublishTyped(h.actor.getSnapshot())).toBe(
            context.subdomain === 'rosabakery2' || context.customDomain !== '',
          );
        },
        saving: () => {
          // The builder is asked to save what the owner sees; nothing is published before it answers.
          expect(h.actor.getSnapshot().value).toBe('saving');
          expect(h.actor.getSnapshot().hasTag('busy')).toBe(true);
          expect(h.saveRequests.at(-1)).toBe(h.actor);
        },
        saveFailed: () => {
          expect(h.actor.getSnapshot().value).toBe('editing');
          expect(h.actor.getSnapshot().context.error).toBe('Disk full');
          expect(h.requests).toEqual([]);
        },
        publishing: () => {
          expect(h.actor.getSnapshot().hasTag('busy')).toBe(true);
          const { subdomain, customDomain } = h.actor.getSnapshot().context;
          expect(h.requests.at(-1)).toEqual({
            websiteId: '7',
            subdomain,
            customDomain: customDomain.trim(),
          });
        },
        verifying: () => {
          expect(h.actor.getSnapshot().value).toBe('verifying');
          expect(h.actor.getSnapshot().hasTag('busy')).toBe(true);
          expect(h.verified.at(-1)).toBe('7');
        },
        verifyingPublished: () => {
          expect(h.actor.getSnapshot().value).toBe('verifying');
          expect(h.actor.getSnapshot().context.result).toEqual(result);
        },
        verifyFailed: () => {
          expect(h.actor.getSnapshot().value).toBe('editing');
          expect(h.actor.getSnapshot().context.error).toMatch(/^This custom domain is already verified/);
        },
        publishedVerifyFailed: () => {
          expect(h.actor.getSnapshot().value).toBe('published');
          expect(h.actor.getSnapshot().context.error).toMatch(/^This custom domain is already verified/);
        },
        failed: () => {
          expect(h.actor.getSnapshot().value).toBe('editing');
          expect(h.actor.getSnapshot().context.error).toBe(
            'This subdomain is already taken. Please choose another one.',
          );
        },
        published: () => {
          expect(h.actor.getSnapshot().value).toBe('published');
          expect(h.actor.getSnapshot().context.result).toEqual(result);
          expect(h.actor.getSnapshot().context.error).toBeNull();
          // Published: nothing typed is left to lose.
          expect(selectPublishTyped(h.actor.getSnapshot())).toBe(false);
          expect(h.toastTitles()).toContain('Website published successfully at: rosa-s-bakery.sites.test');
        },
      },
    });
  });
}

test('the generated publish paths cover every state and transition of the model', () => {
  const { edges, states } = walked(paths, 'closed');
  expect([...declaredStates(publishModel)].filter((s) => s !== 'publishModel' && !states.has(s))).toEqual([]);
  expect([...declaredTransitions(publishModel)].filter((e) => !edges.has(e))).toEqual([]);
});

test('with no builder in the system, Publish publishes straight away (nothing to save)', async () => {
  const h = createHarness({ withBuilder: false });
  h.actor.send({ type: 'publish.open', websiteId: '7', siteName: 'Rosa' });
  h.actor.send({ type: 'publish.submit' });
  expect(h.actor.getSnapshot().value).toBe('publishing');
  expect(h.requests).toEqual([{ websiteId: '7', subdomain: 'rosa', customDomain: '' }]);
});

test('subdomain rules of spec §5', () => {
  expect(defaultSubdomain('My Great  Site')).toBe('my-great-site');
  expect(defaultSubdomain("Rosa's Café")).toBe('rosas-cafe');
  expect(defaultSubdomain('Summit Plumbing & Heating')).toBe('summit-plumbing-heating');
  expect(normalizeSubdomain('ABC-def_123 ')).toBe('abc-def123');
  expect(publishedMessage('x.test')).toBe('Website published successfully at: x.test');
});

testRealCoverage(coverage, 'publishMachine');
