import { type ActorRefFrom, assign, type SnapshotFrom, sendParent, setup } from 'xstate';
import type { SiteCollab } from '../canvas/collab.ts';
import type { SiteConnection } from '../canvas/persistence.ts';
import type { SiteStore } from '../canvas/siteStore.ts';
import { ApiError, errorMessage } from '../services/ApiError.ts';
import { notProvided } from './notProvided.ts';
import { showToast, tellSession } from './systemActions.ts';

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
  mode?: BuilderMode;
  focus?: BuilderFocus;
};
export type LoadInput = { websiteId: string | null; draftId: string };
export type LoadedSite = { session: BuilderSession; name: string };
export type SaveInput = { session: BuilderSession; websiteId: string | null; draftId: string; name: string };
export type SavedSite = { websiteId: string; name: string };

export type SidebarTab = 'pages' | 'components' | 'layers';
export type BuilderMode = 'edit' | 'preview';

export type BuilderEvent =
  | { type: 'builder.retry' }
  | { type: 'mode.toggle' }
  | { type: 'sidebar.tab'; tab: SidebarTab }
  | { type: 'element.select'; id: string | null }
  /** A component was added from the palette: it is selected and the sidebar shows Layers. */
  | { type: 'element.added'; id: string }
  | { type: 'page.select'; pageId: string }
  | { type: 'save.request' }
  | { type: 'save.confirm'; name: string }
  | { type: 'save.cancel' };

export type BuilderContext = {
  websiteId: string | null;
  /** The local room of a site not saved yet (`draft-…`). */
  draftId: string;
  name: string;
  session: BuilderSession | null;
  mode: BuilderMode;
  tab: SidebarTab;
  selectedId: string | null;
  pageId: string | null;
  /** The alert of the last failed save, until the next save. */
  saveError: string | null;
};

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
  },
  actions: {
    /** The address bar mirrors the site being edited: /builder/<id>. */
    syncUrl: ({ context }) => {
      const target = `/builder/${encodeURIComponent(context.websiteId ?? context.draftId)}`;
      if (typeof window !== 'undefined' && window.location.pathname !== target) {
        window.history.replaceState(null, '', target);
      }
    },
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
    toastSaved: (args) => showToast(args, { type: 'success', title: 'Website saved successfully!' }),
    toastSaveFailed: (args) =>
      showToast(args, { type: 'error', title: SAVE_FAILED, message: SAVE_FAILED_HINT }),
    /** Spec §4: after a successful save the user returns to the websites list (the app's dashboard). */
    notifySaved: sendParent({ type: 'website.saved' }),
    sessionExpired: (args) => {
      showToast(args, { type: 'error', title: SESSION_EXPIRED_MESSAGE });
      tellSession(args, { type: 'session.expired' });
    },
  },
  guards: {
    /** Spec §4 save shortcut: a saved site with a real name saves straight away. */
    canSaveDirectly: ({ context }) => context.websiteId !== null && context.name !== DEFAULT_SITE_NAME,
    nameGiven: ({ event }) => event.type === 'save.confirm' && event.name.trim() !== '',
    unauthorized: ({ event }) => {
      const error = (event as { error?: unknown }).error;
      return error instanceof ApiError && error.status === 401;
    },
  },
}).createMachine({
  id: 'builder',
  context: ({ input }) => ({
    websiteId: input.websiteId,
    draftId: input.draftId ?? `draft-${crypto.randomUUID().slice(0, 8)}`,
    name: DEFAULT_SITE_NAME,
    session: null,
    mode: input.mode ?? 'edit',
    tab: input.focus?.elementId ? 'layers' : 'components',
    selectedId: input.focus?.elementId ?? null,
    pageId: input.focus?.pageId ?? null,
    saveError: null,
  }),
  exit: 'closeSession',
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      entry: 'syncUrl',
      invoke: {
        src: 'loadSite',
        input: ({ context }) => ({ websiteId: context.websiteId, draftId: context.draftId }),
        onDone: {
          target: 'ready',
          actions: [
            assign(({ event }) => ({ session: event.output.session, name: event.output.name })),
            'shareSelection',
          ],
        },
        onError: [
          { guard: 'unauthorized', target: 'failed', actions: 'sessionExpired' },
          { target: 'failed' },
        ],
      },
    },
    failed: { on: { 'builder.retry': { target: 'loading' } } },
    ready: {
      on: {
        'mode.toggle': {
          actions: [
            assign(({ context }) => ({
              mode: context.mode === 'edit' ? 'preview' : 'edit',
              selectedId: null,
            })),
            'shareSelection',
          ],
        },
        'sidebar.tab': { actions: assign(({ event }) => ({ tab: event.tab })) },
        'element.select': {
          actions: [
            assign(({ event }) => ({
              selectedId: event.id,
              ...(event.id ? { tab: 'layers' as const } : {}),
            })),
            'shareSelection',
          ],
        },
        'element.added': {
          actions: [
            assign(({ event }) => ({ selectedId: event.id, tab: 'layers' as const })),
            'shareSelection',
          ],
        },
        'page.select': {
          actions: [assign(({ event }) => ({ pageId: event.pageId, selectedId: null })), 'shareSelection'],
        },
      },
      initial: 'idle',
      states: {
        idle: {
          on: {
            'save.request': [{ guard: 'canSaveDirectly', target: 'saving' }, { target: 'naming' }],
          },
        },
        naming: {
          on: {
            'save.confirm': {
              guard: 'nameGiven',
              target: 'saving',
              actions: assign(({ event }) => ({ name: event.name.trim() })),
            },
            'save.cancel': { target: 'idle' },
          },
        },
        saving: {
          tags: ['busy'],
          entry: assign({ saveError: null }),
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
                'syncUrl',
                'toastSaved',
                'notifySaved',
              ],
            },
            onError: [
              { guard: 'unauthorized', target: 'idle', actions: 'sessionExpired' },
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
export const selectPageId = (s: BuilderSnapshot) => s.context.pageId;
export const selectWebsiteId = (s: BuilderSnapshot) => s.context.websiteId;
export const selectIsLoading = (s: BuilderSnapshot) => s.matches('loading');
export const selectLoadFailed = (s: BuilderSnapshot) => s.matches('failed');
export const selectIsNaming = (s: BuilderSnapshot) => s.matches({ ready: 'naming' });
export const selectIsSaving = (s: BuilderSnapshot) => s.matches({ ready: 'saving' });
export const selectSaveError = (s: BuilderSnapshot) => s.context.saveError;
