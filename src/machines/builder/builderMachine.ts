import {
  type ActorRefFrom,
  type AnyActorRef,
  assign,
  enqueueActions,
  fromCallback,
  type SnapshotFrom,
  sendParent,
  sendTo,
  setup,
} from 'xstate';
import type { SiteCollab } from '../../canvas/collab.ts';
import { LOCAL_ORIGIN } from '../../canvas/origins.ts';
import type { SiteConnection } from '../../canvas/persistence.ts';
import type { SiteStore } from '../../canvas/siteStore.ts';
import { ApiError, errorMessage } from '../../services/http/ApiError.ts';
import { notProvided } from '../app/notProvided.ts';
import { showToast } from '../app/systemActions.ts';

/** Spec §9: the name a new site starts with. */
export const DEFAULT_SITE_NAME = 'My Website';
export const SESSION_EXPIRED_MESSAGE = 'Session expired. Please login again.';
/** Spec §8: the alert of a failed save (with the server's message when there is one) and the flow toast. */
export const SAVE_FAILED = 'Failed to save website';
export const SAVE_FAILED_HINT = 'Please try again';

/** The alert text of a failed save: 'Failed to save website: {message}' or 'Failed to save website'. */
export function saveFailedMessage(error: unknown): string {
  const message = errorMessage(error, '');
  return message ? `${SAVE_FAILED}: ${message}` : SAVE_FAILED;
}

/**
 * The open site document, its connections, and its co-editing with other devices (null when the app runs
 * without a sync server: tests, or no signed-in user to connect as).
 */
export type BuilderSession = { store: SiteStore; connection: SiteConnection; collab: SiteCollab | null };

/** `focus`: open on this page with this element selected (SEO Tools' "Open in builder"). */
export type BuilderFocus = { pageId: string; elementId: string | null };
export type BuilderInput = {
  websiteId: string | null;
  draftId?: string;
  /** A new site's Home is seeded from this template (the one chosen in the template chooser). */
  templateId?: string;
  mode?: BuilderMode;
  focus?: BuilderFocus;
};
export type LoadInput = { websiteId: string | null; draftId: string; templateId?: string };
/**
 * `name`: the site's name; a new site's is the business's name ('My Website' when there is none). `seeded`: a new
 * site's Home was filled from the chosen template just now (content the owner sees, to be kept like an edit).
 */
export type LoadedSite = { session: BuilderSession; name: string; seeded?: boolean };
/** `websiteId` null: a new site on the server (the first edit of a draft, or Save as: a copy). */
export type SaveInput = { session: BuilderSession; websiteId: string | null; draftId: string; name: string };
export type SavedSite = { websiteId: string; name: string };

export type SidebarTab = 'pages' | 'components' | 'layers';
export type BuilderMode = 'edit' | 'preview';

export type BuilderEvent =
  | { type: 'builder.retry' }
  | { type: 'mode.toggle' }
  | { type: 'sidebar.tab'; tab: SidebarTab }
  | { type: 'element.select'; id: string | null }
  /** Shift+click: adds an element to the selection, or takes it out (for copy and cut of several). */
  | { type: 'element.toggle'; id: string }
  /** A component was added from the palette: it is selected and the sidebar shows Layers. */
  | { type: 'element.added'; id: string }
  | { type: 'page.select'; pageId: string }
  /** Ctrl+S: saves straight away when the site has an id and a real name, else asks for a name. */
  | { type: 'save.request' }
  | { type: 'rename.request' }
  /** Save as: a copy under a new name, which the builder then edits. */
  | { type: 'saveAs.request' }
  | { type: 'save.confirm'; name: string }
  | { type: 'save.cancel' }
  /** This tab changed the document (a new site is created on the server at its first edit). */
  | { type: 'doc.edited' }
  /** The browser is back online (a new site whose creation failed offline is created now). */
  | { type: 'network.online' }
  /** Save the open site now and answer `replyTo` (the Publish dialog saves what the owner sees first). */
  | { type: 'builder.save'; replyTo: AnyActorRef };

/** The builder's answer to `builder.save`. */
export type BuilderSaveReply =
  | { type: 'builder.saved'; websiteId: string; name: string }
  | { type: 'builder.saveFailed'; error: unknown };

/** Answered when the builder cannot save right now (a save of its own is in flight, or a dialog is open). */
export const BUILDER_BUSY = 'The website is being saved. Please try again in a moment.';

/** What the name dialog does: rename this site, or save a copy of it under the new name. */
export type NamingMode = 'rename' | 'saveAs';

export type BuilderContext = {
  websiteId: string | null;
  /** The template a new site is seeded from (its first load only). */
  templateId: string | null;
  /** The local room of a site not saved yet (`draft-…`). */
  draftId: string;
  name: string;
  session: BuilderSession | null;
  mode: BuilderMode;
  tab: SidebarTab;
  selectedId: string | null;
  /** Every selected element (Shift+click adds more); `selectedId` is the one whose properties show. */
  selectedIds: string[];
  pageId: string | null;
  /** The alert of the last failed save, until the next save. */
  saveError: string | null;
  /** A new site was edited here: it has changes that are not on the server until it is created there. */
  edited: boolean;
  naming: NamingMode;
  /** The name a save in flight gives the site (or its copy). */
  nextName: string;
  /** Who asked for the save in flight (`builder.save`), answered when it ends. */
  replyTo: AnyActorRef | null;
};

/** What a save sends: the open document under the name being saved, as this site or (`websiteId` null) a copy. */
const saveInput = (context: BuilderContext, websiteId: string | null): SaveInput => ({
  session: context.session as BuilderSession,
  websiteId,
  draftId: context.draftId,
  name: context.nextName,
});

/** Tells the edit watcher that the site is on the server now: its edits sync themselves. */
type WatchEditsEvent = { type: 'edits.saved' };

/**
 * Tells the builder about this tab's edits of a new site's document (`doc.edited`: its first edit creates it on
 * the server, a later one retries after a failed creation) and the browser coming back online
 * (`network.online`). A site on the server never needs to hear of an edit (it syncs itself), so from the start
 * for a saved site, and from `edits.saved` on for a new one, keystrokes are no machine events at all (nor
 * session-replay entries).
 */
const watchEdits = fromCallback<WatchEditsEvent, { session: BuilderSession | null; draft: boolean }>(
  ({ sendBack, receive, input }) => {
    const doc = input.session?.store.site.doc;
    // On the doc's update (a transaction that changed something), which the tab channel hears first: a
    // keystroke is on its way to the other tabs before the machine handles it.
    const onUpdate = (_update: Uint8Array, origin: unknown) => {
      if (origin === LOCAL_ORIGIN) sendBack({ type: 'doc.edited' });
    };
    const onOnline = () => sendBack({ type: 'network.online' });
    if (input.draft) doc?.on('update', onUpdate);
    receive((event) => {
      if (event.type === 'edits.saved') doc?.off('update', onUpdate);
    });
    if (typeof window !== 'undefined') window.addEventListener('online', onOnline);
    return () => {
      doc?.off('update', onUpdate);
      if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
    };
  },
);

/** The builder: loads a site document, edits it, saves it (spec §2, §4). */
export const builderMachine = setup({
  types: {
    context: {} as BuilderContext,
    events: {} as BuilderEvent,
    input: {} as BuilderInput,
  },
  actors: {
    loadSite: notProvided<LoadedSite, LoadInput>('loadSite'),
    saveSite: notProvided<SavedSite, SaveInput>('saveSite'),
    watchEdits,
  },
  actions: {
    /** The app (which owns the address bar) learns the site being edited: /builder/<id>. */
    syncUrl: sendParent(({ context }) => ({
      type: 'builder.located' as const,
      siteId: context.websiteId ?? context.draftId,
    })),
    /** The others see what this editor has selected (an outline with this person's name). */
    shareSelection: ({ context }) => {
      const { session, selectedId, pageId, mode } = context;
      const page = pageId ?? session?.store.getPages()[0]?.id ?? null;
      session?.collab?.setSelection(
        selectedId && page && mode === 'edit' ? { pageId: page, elementId: selectedId } : null,
      );
    },
    closeSession: ({ context }) => {
      context.session?.connection.destroy();
      context.session?.store.destroy();
    },
    /** The server stored the site (created, renamed or copied): this editor now edits that record. */
    keepSaved: enqueueActions(({ enqueue }, saved: SavedSite) => {
      enqueue.assign({ websiteId: saved.websiteId, name: saved.name, edited: false });
      enqueue.sendTo('watchEdits', { type: 'edits.saved' } satisfies WatchEditsEvent);
    }),
    toastSaved: (args) => showToast(args, { type: 'success', title: 'Website saved successfully!' }),
    toastSaveFailed: (args) =>
      showToast(args, { type: 'error', title: SAVE_FAILED, message: SAVE_FAILED_HINT }),
    replySaved: sendTo(
      ({ context }) => context.replyTo as AnyActorRef,
      ({ context }): BuilderSaveReply => ({
        type: 'builder.saved',
        websiteId: context.websiteId ?? '',
        name: context.name,
      }),
    ),
    replyFailed: sendTo(
      ({ context }) => context.replyTo as AnyActorRef,
      (_, params: { error: unknown }): BuilderSaveReply => ({
        type: 'builder.saveFailed',
        error: params.error,
      }),
    ),
    /** Not now: the asker hears straight away (its save would race the one in flight). */
    replyBusy: sendTo(
      ({ event }) => (event as { replyTo: AnyActorRef }).replyTo,
      (): BuilderSaveReply => ({ type: 'builder.saveFailed', error: new Error(BUILDER_BUSY) }),
    ),
  },
  guards: {
    /** The site asked for is not in this account (404): nothing to retry. */
    notFound: ({ event }) => {
      const { error } = event as { error?: unknown };
      return error instanceof ApiError && error.status === 404;
    },
    /** Spec §4 save shortcut: a saved site with a real name saves straight away. */
    canSaveDirectly: ({ context }) => context.websiteId !== null && context.name !== DEFAULT_SITE_NAME,
    nameGiven: ({ event }) => event.type === 'save.confirm' && event.name.trim() !== '',
    isDraft: ({ context }) => context.websiteId === null,
    isSaved: ({ context }) => context.websiteId !== null,
    /** A new site with changes that could not be created on the server yet (offline). */
    draftWithEdits: ({ context }) => context.websiteId === null && context.edited,
    /** A new site opened on a template: the template's pages are its first change, saved like an edit. */
    seededDraft: ({ context, event }) =>
      context.websiteId === null && (event as { output?: LoadedSite }).output?.seeded === true,
    unauthorized: ({ event }) => {
      const error = (event as { error?: unknown }).error;
      return error instanceof ApiError && error.status === 401;
    },
  },
}).createMachine({
  id: 'builder',
  context: ({ input }) => ({
    websiteId: input.websiteId,
    templateId: input.templateId ?? null,
    draftId: input.draftId ?? `draft-${crypto.randomUUID().slice(0, 8)}`,
    name: DEFAULT_SITE_NAME,
    session: null,
    mode: input.mode ?? 'edit',
    tab: input.focus?.elementId ? 'layers' : 'components',
    selectedId: input.focus?.elementId ?? null,
    selectedIds: input.focus?.elementId ? [input.focus.elementId] : [],
    pageId: input.focus?.pageId ?? null,
    saveError: null,
    edited: false,
    naming: 'rename',
    nextName: DEFAULT_SITE_NAME,
    replyTo: null,
  }),
  exit: 'closeSession',
  // Publish asks while the builder cannot save (loading, a save or a dialog of its own): it hears so at once.
  on: { 'builder.save': { actions: 'replyBusy' } },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      entry: 'syncUrl',
      invoke: {
        src: 'loadSite',
        input: ({ context }) => ({
          websiteId: context.websiteId,
          draftId: context.draftId,
          ...(context.templateId ? { templateId: context.templateId } : {}),
        }),
        onDone: [
          {
            // A template chosen for a new site is kept at once: on the list, in History and publishable (it
            // used to wait for a first edit, and Back lost it).
            guard: 'seededDraft',
            target: 'ready.creating',
            actions: [
              assign(({ event }) => ({
                session: event.output.session,
                name: event.output.name,
                edited: true,
                nextName: event.output.name,
              })),
              'shareSelection',
            ],
          },
          {
            target: 'ready',
            actions: [
              assign(({ event }) => ({ session: event.output.session, name: event.output.name })),
              'shareSelection',
            ],
          },
        ],
        // A 401 has already ended the session (the http client's catalogue): nothing more to say here.
        onError: [{ guard: 'notFound', target: 'missing' }, { target: 'failed' }],
      },
    },
    failed: { on: { 'builder.retry': { target: 'loading' } } },
    // No such site in this account (deleted, a wrong link, or another account's): trying again cannot help.
    missing: {},
    ready: {
      on: {
        'mode.toggle': {
          actions: [
            assign(({ context }) => ({
              mode: context.mode === 'edit' ? 'preview' : 'edit',
              selectedId: null,
              selectedIds: [],
            })),
            'shareSelection',
          ],
        },
        'sidebar.tab': { actions: assign(({ event }) => ({ tab: event.tab })) },
        'element.select': {
          actions: [
            assign(({ event }) => ({
              selectedId: event.id,
              selectedIds: event.id ? [event.id] : [],
              ...(event.id ? { tab: 'layers' as const } : {}),
            })),
            'shareSelection',
          ],
        },
        'element.toggle': {
          actions: [
            assign(({ context, event }) => {
              const selectedIds = context.selectedIds.includes(event.id)
                ? context.selectedIds.filter((id) => id !== event.id)
                : [...context.selectedIds, event.id];
              return { selectedIds, selectedId: selectedIds.at(-1) ?? null, tab: 'layers' as const };
            }),
            'shareSelection',
          ],
        },
        'element.added': {
          actions: [
            assign(({ event }) => ({
              selectedId: event.id,
              selectedIds: [event.id],
              tab: 'layers' as const,
            })),
            'shareSelection',
          ],
        },
        'page.select': {
          actions: [
            assign(({ event }) => ({ pageId: event.pageId, selectedId: null, selectedIds: [] })),
            'shareSelection',
          ],
        },
        // An edit of a new site while a dialog is open or a save is in flight: it has unsaved changes.
        'doc.edited': { guard: 'isDraft', actions: assign({ edited: true }) },
      },
      invoke: {
        id: 'watchEdits',
        src: 'watchEdits',
        input: ({ context }) => ({ session: context.session, draft: context.websiteId === null }),
      },
      initial: 'idle',
      states: {
        idle: {
          on: {
            // Autosave: a new site is created on the server at its first edit (named after the business); from
            // then on every change syncs through the co-editing server.
            'doc.edited': {
              guard: 'isDraft',
              target: 'creating',
              actions: assign({ edited: true, nextName: ({ context }) => context.name }),
            },
            'network.online': {
              guard: 'draftWithEdits',
              target: 'creating',
              actions: assign({ nextName: ({ context }) => context.name }),
            },
            'save.request': [
              {
                guard: 'canSaveDirectly',
                target: 'saving',
                actions: assign({ naming: 'rename', nextName: ({ context }) => context.name }),
              },
              { target: 'naming', actions: assign({ naming: 'rename' }) },
            ],
            'rename.request': { target: 'naming', actions: assign({ naming: 'rename' }) },
            'saveAs.request': { target: 'naming', actions: assign({ naming: 'saveAs' }) },
            // Publish asks: the site is saved as it is (a new site has no id to publish: it is refused before).
            'builder.save': {
              guard: 'isSaved',
              target: 'flushing',
              actions: assign(({ event }) => ({ replyTo: event.replyTo })),
            },
          },
        },
        flushing: {
          tags: ['busy'],
          invoke: {
            src: 'saveSite',
            input: ({ context }) => ({
              session: context.session as BuilderSession,
              websiteId: context.websiteId,
              draftId: context.draftId,
              name: context.name,
            }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ event }) => ({ websiteId: event.output.websiteId, name: event.output.name })),
                'replySaved',
                assign({ replyTo: null }),
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                { type: 'replyFailed', params: ({ event }) => ({ error: event.error }) },
                assign({ replyTo: null }),
              ],
            },
          },
        },
        creating: {
          tags: ['busy'],
          invoke: {
            src: 'saveSite',
            input: ({ context }) => saveInput(context, null),
            onDone: {
              target: 'idle',
              actions: [{ type: 'keepSaved', params: ({ event }) => event.output }, 'syncUrl'],
            },
            // Offline (or refused): the changes stay on this device; the next edit or going online retries.
            // A 401 has already ended the session (the http client's catalogue).
            onError: { target: 'idle' },
          },
        },
        // The name dialog stays open while its save is in flight and after it fails, with what the owner typed
        // and the reason, until a save succeeds or the owner cancels.
        naming: {
          // A new attempt: an earlier failure's alert is not this dialog's.
          entry: assign({ saveError: null }),
          initial: 'editing',
          states: {
            editing: {
              on: {
                'save.confirm': {
                  guard: 'nameGiven',
                  target: 'saving',
                  actions: assign(({ event }) => ({ nextName: event.name.trim() })),
                },
                'save.cancel': { target: '#builder.ready.idle', actions: assign({ saveError: null }) },
              },
            },
            saving: {
              tags: ['busy'],
              entry: assign({ saveError: null }),
              invoke: {
                src: 'saveSite',
                input: ({ context }) =>
                  saveInput(context, context.naming === 'saveAs' ? null : context.websiteId),
                // Rename and Save as keep the builder open: the site (or its new copy) goes on saving itself.
                onDone: {
                  target: '#builder.ready.idle',
                  actions: [
                    { type: 'keepSaved', params: ({ event }) => event.output },
                    'syncUrl',
                    'toastSaved',
                  ],
                },
                onError: [
                  // Spec §8's alert for a 401; the session was ended by the http client (one toast, one path).
                  {
                    guard: 'unauthorized',
                    target: '#builder.ready.idle',
                    actions: assign({ saveError: SESSION_EXPIRED_MESSAGE }),
                  },
                  // Back to the dialog, the typed name still in it, the alert saying why.
                  {
                    target: 'editing',
                    actions: assign({ saveError: ({ event }) => saveFailedMessage(event.error) }),
                  },
                ],
              },
            },
          },
        },
        // Ctrl+S on a saved site with a real name: saved under its name, no dialog.
        saving: {
          tags: ['busy'],
          entry: assign({ saveError: null }),
          invoke: {
            src: 'saveSite',
            input: ({ context }) => saveInput(context, context.websiteId),
            onDone: {
              target: 'idle',
              actions: [{ type: 'keepSaved', params: ({ event }) => event.output }, 'syncUrl', 'toastSaved'],
            },
            onError: [
              // Spec §8's alert for a 401; the session was ended by the http client (one toast, one path).
              {
                guard: 'unauthorized',
                target: 'idle',
                actions: assign({ saveError: SESSION_EXPIRED_MESSAGE }),
              },
              {
                target: 'idle',
                actions: [
                  assign({ saveError: ({ event }) => saveFailedMessage(event.error) }),
                  'toastSaveFailed',
                ],
              },
            ],
          },
        },
      },
    },
  },
});

export type BuilderActorRef = ActorRefFrom<typeof builderMachine>;
export type BuilderSnapshot = SnapshotFrom<typeof builderMachine>;

export const selectStore = (s: BuilderSnapshot) => s.context.session?.store ?? null;
export const selectCollab = (s: BuilderSnapshot) => s.context.session?.collab ?? null;
export const selectName = (s: BuilderSnapshot) => s.context.name;
export const selectMode = (s: BuilderSnapshot) => s.context.mode;
export const selectTab = (s: BuilderSnapshot) => s.context.tab;
export const selectSelectedId = (s: BuilderSnapshot) => s.context.selectedId;
export const selectSelectedIds = (s: BuilderSnapshot) => s.context.selectedIds;
export const selectPageId = (s: BuilderSnapshot) => s.context.pageId;
export const selectWebsiteId = (s: BuilderSnapshot) => s.context.websiteId;
export const selectIsLoading = (s: BuilderSnapshot) => s.matches('loading');
export const selectLoadFailed = (s: BuilderSnapshot) => s.matches('failed');
/** The site asked for is not in this account (deleted, a wrong link, another account's). */
export const selectSiteMissing = (s: BuilderSnapshot) => s.matches('missing');
export const selectIsNaming = (s: BuilderSnapshot) => s.matches({ ready: 'naming' });
export const selectNamingMode = (s: BuilderSnapshot) => s.context.naming;
/** A save, or the creation of a new site, is in flight. */
export const selectIsSaving = (s: BuilderSnapshot) =>
  s.matches({ ready: 'saving' }) ||
  s.matches({ ready: { naming: 'saving' } }) ||
  s.matches({ ready: 'creating' }) ||
  s.matches({ ready: 'flushing' });
/**
 * Where a new site (not on the server yet) stands: 'clean' (not edited: nothing to save), 'creating', or
 * 'unsaved' (edited, its creation failed: offline); null for a site on the server.
 */
export const selectDraftState = (s: BuilderSnapshot): 'clean' | 'creating' | 'unsaved' | null => {
  if (s.matches({ ready: 'creating' })) return 'creating';
  if (s.context.websiteId !== null) return null;
  return s.context.edited ? 'unsaved' : 'clean';
};
export const selectSaveError = (s: BuilderSnapshot) => s.context.saveError;
/** The name dialog's save is in flight (the dialog stays open, its buttons wait). */
export const selectIsNamingSaving = (s: BuilderSnapshot) => s.matches({ ready: { naming: 'saving' } });
