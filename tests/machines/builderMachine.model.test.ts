import { expect, test } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { createSiteDoc } from '../../src/canvas/siteDoc.ts';
import { SiteStore } from '../../src/canvas/siteStore.ts';
import {
  type BuilderSession,
  builderMachine,
  DEFAULT_SITE_NAME,
  type LoadedSite,
  type SavedSite,
  type SaveInput,
} from '../../src/machines/builderMachine.ts';
import { ApiError } from '../../src/services/ApiError.ts';
import { testRealCoverage, trackCoverage } from './machineCoverage.ts';
import { declaredStates, declaredTransitions, serializeEveryTransition, walked } from './modelCoverage.ts';
import { builderModel } from './models/builder.model.ts';

const coverage = trackCoverage(builderMachine);

type Deferred<T> = { resolve: (value: T) => void; reject: (error: unknown) => void };

function createHarness(websiteId: string | null) {
  const pending: { load?: Deferred<LoadedSite>; save?: Deferred<SavedSite> } = {};
  const saves: { websiteId: string | null; name: string }[] = [];
  const session: BuilderSession = {
    store: new SiteStore(createSiteDoc()),
    connection: { room: 'r', whenLoaded: Promise.resolve(), destroy: () => {} },
    collab: null,
  };
  const notified: string[] = [];
  const machine = builderMachine.provide({
    actions: { syncUrl: () => {}, notifySaved: () => notified.push('website.saved') },
    actors: {
      loadSite: fromPromise(
        () => new Promise<LoadedSite>((resolve, reject) => (pending.load = { resolve, reject })),
      ),
      saveSite: fromPromise(({ input }: { input: SaveInput }) => {
        saves.push({ websiteId: input.websiteId, name: input.name });
        return new Promise<SavedSite>((resolve, reject) => (pending.save = { resolve, reject }));
      }),
    },
  });
  const actor = createActor(machine, {
    input: { websiteId, draftId: 'draft-test' },
    inspect: coverage.inspect,
  }).start();
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { actor, pending, saves, session, flush, notified };
}

const model = createTestModel(builderModel, { serializeTransition: serializeEveryTransition });
const paths = model.getShortestPaths();

for (const path of paths) {
  test(`builder: ${path.description}`, async () => {
    let h = createHarness(null);
    let named = DEFAULT_SITE_NAME;
    await path.test({
      events: {
        'load.new': async () => {
          h.pending.load?.resolve({ session: h.session, name: DEFAULT_SITE_NAME });
          await h.flush();
        },
        'load.existing': async () => {
          h = createHarness('42');
          named = 'Rosa';
          h.pending.load?.resolve({ session: h.session, name: 'Rosa' });
          await h.flush();
        },
        'load.fail': async () => {
          h.pending.load?.reject(new Error('offline'));
          await h.flush();
        },
        'load.unauthorized': async () => {
          h.pending.load?.reject(new ApiError(401, 'Session expired'));
          await h.flush();
        },
        'builder.retry': () => h.actor.send({ type: 'builder.retry' }),
        'mode.toggle': () => {
          const before = h.actor.getSnapshot().context.mode;
          h.actor.send({ type: 'mode.toggle' });
          expect(h.actor.getSnapshot().context.mode).not.toBe(before);
        },
        'element.added': () => {
          h.actor.send({ type: 'element.added', id: 'e1' });
          expect(h.actor.getSnapshot().context).toMatchObject({ selectedId: 'e1', tab: 'layers' });
        },
        'element.select': () => {
          h.actor.send({ type: 'element.select', id: 'e2' });
          expect(h.actor.getSnapshot().context).toMatchObject({ selectedId: 'e2', tab: 'layers' });
        },
        'sidebar.tab': () => {
          h.actor.send({ type: 'sidebar.tab', tab: 'pages' });
          expect(h.actor.getSnapshot().context.tab).toBe('pages');
        },
        'page.select': () => {
          h.actor.send({ type: 'page.select', pageId: 'p2' });
          expect(h.actor.getSnapshot().context.pageId).toBe('p2');
        },
        'save.request': () => h.actor.send({ type: 'save.request' }),
        'save.cancel': () => h.actor.send({ type: 'save.cancel' }),
        'save.blank': () => h.actor.send({ type: 'save.confirm', name: '   ' }),
        'save.confirm': () => {
          named = 'Rosa Online';
          h.actor.send({ type: 'save.confirm', name: '  Rosa Online ' });
          expect(h.saves.at(-1)).toEqual({ websiteId: null, name: 'Rosa Online' });
        },
        'save.ok': async () => {
          const before = h.notified.length;
          h.pending.save?.resolve({ websiteId: '42', name: named });
          await h.flush();
          expect(h.actor.getSnapshot().context.websiteId).toBe('42');
          // Spec §4: the app returns to the websites list.
          expect(h.notified.length).toBe(before + 1);
          expect(h.actor.getSnapshot().context.saveError).toBeNull();
        },
        'save.fail': async () => {
          h.pending.save?.reject(new ApiError(500, 'boom'));
          await h.flush();
          expect(h.actor.getSnapshot().context.saveError).toBe('Failed to save website: boom');
        },
        'save.unauthorized': async () => {
          h.pending.save?.reject(new ApiError(401, 'Session expired'));
          await h.flush();
        },
      },
      states: {
        loading: () => expect(h.actor.getSnapshot().matches('loading')).toBe(true),
        failed: () => expect(h.actor.getSnapshot().matches('failed')).toBe(true),
        unsaved: () => {
          expect(h.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
          expect(h.actor.getSnapshot().context.websiteId).toBeNull();
        },
        naming: () => expect(h.actor.getSnapshot().matches({ ready: 'naming' })).toBe(true),
        savingNew: () => expect(h.actor.getSnapshot().matches({ ready: 'saving' })).toBe(true),
        saving: () => {
          expect(h.actor.getSnapshot().matches({ ready: 'saving' })).toBe(true);
          // Spec §4 shortcut: a saved site with a real name saves without the dialog.
          expect(h.saves.at(-1)?.websiteId).toBe('42');
        },
        saved: () => {
          expect(h.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
          expect(h.actor.getSnapshot().context).toMatchObject({ websiteId: '42', name: named });
        },
      },
    });
  });
}

test('the generated paths walk every state and transition of the model', () => {
  const { edges, states } = walked(paths, 'loading');
  expect(states).toEqual(declaredStates(builderModel));
  const declared = declaredTransitions(builderModel);
  expect([...edges].filter((e) => !declared.has(e) && !e.includes('xstate.init'))).toEqual([]);
  expect([...declared].filter((e) => !edges.has(e))).toEqual([]);
});

test('a saved site still named "My Website" opens the name dialog (spec §4)', async () => {
  const h = createHarness('7');
  h.pending.load?.resolve({ session: h.session, name: DEFAULT_SITE_NAME });
  await h.flush();
  h.actor.send({ type: 'save.request' });
  expect(h.actor.getSnapshot().matches({ ready: 'naming' })).toBe(true);
});

testRealCoverage(coverage, 'builderMachine');
