import { expect, test } from 'vitest';
import { type AnyEventObject, createActor, fromCallback, fromPromise } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { insertElement } from '../../src/canvas/ops/elementOps.ts';
import { createSiteDoc, newId } from '../../src/canvas/siteDoc.ts';
import { SiteStore } from '../../src/canvas/siteStore.ts';
import {
  BUILDER_BUSY,
  type BuilderSession,
  builderMachine,
  DEFAULT_SITE_NAME,
  type LoadedSite,
  type SavedSite,
  type SaveInput,
  selectDraftState,
  selectIsNaming,
  selectIsSaving,
  selectSiteMissing,
} from '../../src/machines/builder/builderMachine.ts';
import { ApiError } from '../../src/services/http/ApiError.ts';
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
  const machine = builderMachine.provide({
    actions: { syncUrl: () => {} },
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
  // A local edit of the document, as the canvas makes one.
  const editDoc = () =>
    session.store.edit(() =>
      insertElement(
        session.store.site,
        { id: newId(), type: 'text', props: {} },
        { pageId: 'home', parentId: null },
      ),
    );
  // Who asks the builder to save (the Publish dialog's machine in the app), and what it was answered.
  const replies: AnyEventObject[] = [];
  const asker = createActor(fromCallback(({ receive }) => receive((event) => replies.push(event)))).start();
  const askToSave = () => actor.send({ type: 'builder.save', replyTo: asker });
  return { actor, pending, saves, session, flush, editDoc, replies, askToSave };
}

const model = createTestModel(builderModel, { serializeTransition: serializeEveryTransition });
const paths = model.getShortestPaths();
const BUSINESS = 'Rosa’s Bakery';

for (const path of paths) {
  test(`builder: ${path.description}`, async () => {
    let h = createHarness(null);
    let named = BUSINESS;
    let id = '42';
    const ctx = () => h.actor.getSnapshot().context;
    await path.test({
      events: {
        'load.new': async () => {
          h.pending.load?.resolve({ session: h.session, name: BUSINESS });
          await h.flush();
        },
        'load.template': async () => {
          h.pending.load?.resolve({ session: h.session, name: BUSINESS, seeded: true });
          await h.flush();
          // Created under the business's name without an edit: the template is what there is to keep.
          expect(h.saves).toEqual([{ websiteId: null, name: BUSINESS }]);
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
        'load.missing': async () => {
          h.pending.load?.reject(new ApiError(404, 'Website not found'));
          await h.flush();
        },
        'builder.retry': () => h.actor.send({ type: 'builder.retry' }),
        'mode.toggle': () => {
          const before = ctx().mode;
          h.actor.send({ type: 'mode.toggle' });
          expect(ctx().mode).not.toBe(before);
        },
        'element.added': () => {
          h.actor.send({ type: 'element.added', id: 'e1' });
          expect(ctx()).toMatchObject({ selectedId: 'e1', tab: 'layers' });
        },
        'element.select': () => {
          h.actor.send({ type: 'element.select', id: 'e2' });
          expect(ctx()).toMatchObject({ selectedId: 'e2', tab: 'layers' });
        },
        'element.toggle': () => {
          // Shift+click: from one selected element to two, then back to one (the last one stays shown).
          h.actor.send({ type: 'element.select', id: 'e2' });
          h.actor.send({ type: 'element.toggle', id: 'e3' });
          expect(ctx()).toMatchObject({
            selectedIds: ['e2', 'e3'],
            selectedId: 'e3',
          });
          h.actor.send({ type: 'element.toggle', id: 'e3' });
          expect(ctx()).toMatchObject({ selectedIds: ['e2'], selectedId: 'e2' });
          h.actor.send({ type: 'element.toggle', id: 'e2' });
          expect(ctx()).toMatchObject({ selectedIds: [], selectedId: null });
        },
        'sidebar.tab': () => {
          h.actor.send({ type: 'sidebar.tab', tab: 'pages' });
          expect(ctx().tab).toBe('pages');
        },
        'page.select': () => {
          h.actor.send({ type: 'page.select', pageId: 'p2' });
          expect(ctx()).toMatchObject({ pageId: 'p2', selectedId: null, selectedIds: [] });
        },
        'doc.edit': () => {
          const before = h.saves.length;
          h.editDoc();
          // Only a new site is created on the server by an edit (named after the business); a saved one syncs.
          if (ctx().websiteId === null && h.actor.getSnapshot().matches({ ready: 'creating' })) {
            expect(h.saves.at(-1)).toEqual({ websiteId: null, name: named });
          } else {
            expect(h.saves.length).toBe(before);
          }
        },
        'network.online': () => h.actor.send({ type: 'network.online' }),
        'create.ok': async () => {
          h.pending.save?.resolve({ websiteId: '42', name: named });
          await h.flush();
        },
        'create.fail': async () => {
          h.pending.save?.reject(new TypeError('Failed to fetch'));
          await h.flush();
          expect(ctx().saveError).toBeNull();
        },
        'create.unauthorized': async () => {
          h.pending.save?.reject(new ApiError(401, 'Session expired'));
          await h.flush();
        },
        'save.request': () => h.actor.send({ type: 'save.request' }),
        'rename.request': () => h.actor.send({ type: 'rename.request' }),
        'saveAs.request': () => h.actor.send({ type: 'saveAs.request' }),
        'save.cancel': () => h.actor.send({ type: 'save.cancel' }),
        'save.blank': () => h.actor.send({ type: 'save.confirm', name: '   ' }),
        'save.confirm': () => {
          const naming = ctx().naming;
          const websiteId = naming === 'saveAs' ? null : ctx().websiteId;
          named = naming === 'saveAs' ? 'Rosa Copy' : 'Rosa Online';
          id = websiteId ?? (ctx().websiteId ? '43' : '42');
          h.actor.send({ type: 'save.confirm', name: `  ${named} ` });
          expect(h.saves.at(-1)).toEqual({ websiteId, name: named });
        },
        'save.ok': async () => {
          h.pending.save?.resolve({ websiteId: id, name: named });
          await h.flush();
          expect(ctx()).toMatchObject({ websiteId: id, name: named, saveError: null });
        },
        'save.fail': async () => {
          h.pending.save?.reject(new ApiError(500, 'boom'));
          await h.flush();
          expect(ctx().saveError).toBe('Failed to save website: boom');
          if (selectIsNaming(h.actor.getSnapshot())) {
            // The name dialog is still open on what was typed; the site keeps its name and id.
            expect(ctx().nextName).toBe(named);
            named = ctx().name;
            id = ctx().websiteId ?? id;
          }
        },
        'save.unauthorized': async () => {
          h.pending.save?.reject(new ApiError(401, 'Session expired'));
          await h.flush();
          // Spec §8's alert; the session itself was ended by the http client (one 401 path).
          expect(ctx().saveError).toBe('Session expired. Please login again.');
          named = ctx().name;
        },
        'publish.save': () => {
          const before = h.saves.length;
          const replies = h.replies.length;
          h.askToSave();
          if (h.actor.getSnapshot().matches({ ready: 'flushing' })) {
            // The open site is saved as it is, under its id and name.
            expect(h.saves.slice(before)).toEqual([{ websiteId: id, name: named }]);
          } else {
            expect(h.saves.length).toBe(before);
            expect(h.replies.slice(replies)).toEqual([
              { type: 'builder.saveFailed', error: new Error(BUILDER_BUSY) },
            ]);
          }
        },
        'flush.ok': async () => {
          h.pending.save?.resolve({ websiteId: id, name: named });
          await h.flush();
          expect(h.replies.at(-1)).toEqual({ type: 'builder.saved', websiteId: id, name: named });
        },
        'flush.fail': async () => {
          const error = new ApiError(500, 'boom');
          h.pending.save?.reject(error);
          await h.flush();
          expect(h.replies.at(-1)).toEqual({ type: 'builder.saveFailed', error });
        },
      },
      states: {
        loading: () => expect(h.actor.getSnapshot().matches('loading')).toBe(true),
        failed: () => expect(h.actor.getSnapshot().matches('failed')).toBe(true),
        missing: () => expect(selectSiteMissing(h.actor.getSnapshot())).toBe(true),
        draft: () => {
          expect(h.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
          expect(selectDraftState(h.actor.getSnapshot())).toBe('clean');
          expect(ctx().name).toBe(BUSINESS);
        },
        creating: () => {
          expect(selectDraftState(h.actor.getSnapshot())).toBe('creating');
          expect(selectIsSaving(h.actor.getSnapshot())).toBe(true);
        },
        draftUnsaved: () => {
          expect(h.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
          expect(selectDraftState(h.actor.getSnapshot())).toBe('unsaved');
        },
        naming: () => {
          expect(h.actor.getSnapshot().matches({ ready: { naming: 'editing' } })).toBe(true);
          expect(ctx().naming).toBe('rename');
        },
        namingEdited: () => {
          expect(h.actor.getSnapshot().matches({ ready: 'naming' })).toBe(true);
          expect(selectDraftState(h.actor.getSnapshot())).toBe('unsaved');
        },
        savingNew: () => {
          expect(h.actor.getSnapshot().matches({ ready: { naming: 'saving' } })).toBe(true);
          expect(selectIsSaving(h.actor.getSnapshot())).toBe(true);
        },
        saved: () => {
          expect(h.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
          expect(ctx()).toMatchObject({ websiteId: id, name: named });
          expect(selectDraftState(h.actor.getSnapshot())).toBeNull();
        },
        saving: () => {
          expect(h.actor.getSnapshot().matches({ ready: 'saving' })).toBe(true);
          // Spec §4 shortcut: a saved site with a real name saves without the dialog.
          expect(h.saves.at(-1)).toEqual({ websiteId: '42', name: named });
        },
        renaming: () => {
          expect(h.actor.getSnapshot().matches({ ready: { naming: 'editing' } })).toBe(true);
          expect(ctx().naming).toBe('rename');
        },
        savingRename: () => expect(h.actor.getSnapshot().matches({ ready: { naming: 'saving' } })).toBe(true),
        namingCopy: () => {
          expect(h.actor.getSnapshot().matches({ ready: { naming: 'editing' } })).toBe(true);
          expect(ctx().naming).toBe('saveAs');
        },
        savingCopy: () => expect(h.actor.getSnapshot().matches({ ready: { naming: 'saving' } })).toBe(true),
        flushing: () => {
          expect(h.actor.getSnapshot().matches({ ready: 'flushing' })).toBe(true);
          expect(selectIsSaving(h.actor.getSnapshot())).toBe(true);
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

test('three quick edits of a new site create it once; later edits sync without another save', async () => {
  const h = createHarness(null);
  h.pending.load?.resolve({ session: h.session, name: BUSINESS });
  await h.flush();
  h.editDoc();
  h.editDoc();
  h.editDoc();
  expect(h.saves).toEqual([{ websiteId: null, name: BUSINESS }]);
  h.pending.save?.resolve({ websiteId: '9', name: BUSINESS });
  await h.flush();
  h.editDoc();
  expect(h.saves.length).toBe(1);
  expect(h.actor.getSnapshot().context.websiteId).toBe('9');
});

test('keystrokes in a site on the server are no builder events (nor session-replay entries); a new site hears its edits until it is created', async () => {
  const editsHeard = (h: ReturnType<typeof createHarness>) => {
    const heard: string[] = [];
    h.actor.system.inspect((event) => {
      if (event.type === '@xstate.event' && event.actorRef === h.actor && event.event.type === 'doc.edited')
        heard.push(event.event.type);
    });
    return heard;
  };
  const saved = createHarness('7');
  const savedHeard = editsHeard(saved);
  saved.pending.load?.resolve({ session: saved.session, name: 'Rosa' });
  await saved.flush();
  saved.editDoc();
  saved.editDoc();
  expect(savedHeard).toEqual([]);

  const draft = createHarness(null);
  const draftHeard = editsHeard(draft);
  draft.pending.load?.resolve({ session: draft.session, name: BUSINESS });
  await draft.flush();
  draft.editDoc();
  draft.editDoc();
  expect(draftHeard).toEqual(['doc.edited', 'doc.edited']);
  expect(selectDraftState(draft.actor.getSnapshot())).toBe('creating');
  draft.pending.save?.resolve({ websiteId: '9', name: BUSINESS });
  await draft.flush();
  draft.editDoc();
  expect(draftHeard.length).toBe(2);
  expect(draft.actor.getSnapshot().context.websiteId).toBe('9');
});

testRealCoverage(coverage, 'builderMachine');
