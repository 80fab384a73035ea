import { useSelector } from '@xstate/react';
import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import type { CollabSnapshot } from '../../canvas/collab.ts';
import type { ElementData, PageData } from '../../canvas/siteDoc.ts';
import type { SiteStore } from '../../canvas/siteStore.ts';
import {
  type BuilderActorRef,
  type BuilderSnapshot,
  selectCollab,
  selectDraftState,
  selectPageId,
} from '../../machines/builder/builderMachine.ts';
import { useCan, useViewOnly } from '../common/useCan.ts';

/**
 * Marks a panel whose text fields edit the document: Ctrl+Z there undoes the document (one step per typing
 * burst), so the field and the canvas always show the same text (useBuilderShortcuts).
 */
export const DOCUMENT_UNDO = { 'data-undo': 'document' } as const;

/** The running builder actor and its open site store. */
export type BuilderHandles = { builder: BuilderActorRef; store: SiteStore };

export const BuilderContext = createContext<BuilderHandles | null>(null);

export function useBuilder(): BuilderHandles {
  const handles = useContext(BuilderContext);
  if (!handles) throw new Error('useBuilder needs a BuilderContext provider');
  return handles;
}

export function useBuilderSelector<T>(selector: (snapshot: BuilderSnapshot) => T): T {
  return useSelector(useBuilder().builder, selector);
}

/** One element's snapshot; re-renders only when that element changes. */
export function useElement(id: string): ElementData | null {
  const { store } = useBuilder();
  const subscribe = useCallback((listener: () => void) => store.subscribeElement(id, listener), [store, id]);
  return useSyncExternalStore(subscribe, () => store.getElement(id));
}

/**
 * One part of one element (a primitive, or a property value, which keeps its identity until it is set
 * again); re-renders only when that part changes, not on every edit of the element.
 */
export function useElementSelector<T>(id: string, select: (element: ElementData | null) => T): T {
  const { store } = useBuilder();
  const subscribe = useCallback((listener: () => void) => store.subscribeElement(id, listener), [store, id]);
  return useSyncExternalStore(subscribe, () => select(store.getElement(id)));
}

/** One property of one element; re-renders only when that property changes. */
export function useElementProp(id: string, key: string): unknown {
  const select = useCallback((element: ElementData | null) => element?.props[key], [key]);
  return useElementSelector(id, select);
}

/** The ids shown under a parent; re-renders only when that list changes. */
export function useChildren(pageId: string, parentId: string | null): readonly string[] {
  const { store } = useBuilder();
  const subscribe = useCallback(
    (listener: () => void) => store.subscribeChildren(pageId, parentId, listener),
    [store, pageId, parentId],
  );
  return useSyncExternalStore(subscribe, () => store.getChildren(pageId, parentId));
}

/** Re-renders on any change of the document or the undo stacks (the preview, not the canvas or panels). */
export function useStoreVersion(): number {
  const { store } = useBuilder();
  return useSyncExternalStore(store.subscribe, store.getVersion);
}

/** Whether undo and redo are possible; re-renders only when one of them flips. */
export function useUndoRedo(): { canUndo: boolean; canRedo: boolean } {
  const { store } = useBuilder();
  const canUndo = useSyncExternalStore(store.subscribe, store.canUndo);
  const canRedo = useSyncExternalStore(store.subscribe, store.canRedo);
  return { canUndo, canRedo };
}

export function usePages(): PageData[] {
  const { store } = useBuilder();
  return useSyncExternalStore(store.subscribe, store.getPages);
}

/** The page being edited: the chosen one, or the first when it is gone (deleted here or in another tab). */
export function useCurrentPage(): PageData | null {
  const pages = usePages();
  const pageId = useBuilderSelector(selectPageId);
  return pages.find((page) => page.id === pageId) ?? pages[0] ?? null;
}

const NO_COLLAB: CollabSnapshot = { status: 'local', readOnly: false, peers: [], saved: false };
const noSubscription = () => () => {};

/** Co-editing as the builder shows it: sync status, read-only, the others and their selections. */
export function useCollab(): CollabSnapshot {
  return useCollabSelector(identity);
}

const identity = <T>(value: T): T => value;

/**
 * One slice of the co-editing snapshot (a primitive or a reference kept across snapshots): re-renders only
 * when that slice changes, not each time an edit flips `saved` and back.
 */
export function useCollabSelector<T>(select: (snapshot: CollabSnapshot) => T): T {
  const collab = useBuilderSelector(selectCollab);
  return useSyncExternalStore(collab?.subscribe ?? noSubscription, () =>
    select(collab?.getSnapshot() ?? NO_COLLAB),
  );
}

const selectCollabReadOnly = (snapshot: CollabSnapshot) => snapshot.readOnly;
/** The peers' list keeps its identity while only the save state changes. */
export const selectPeers = (snapshot: CollabSnapshot) => snapshot.peers;

/**
 * Whether this user may edit the site: `view` when the co-editing server made the connection read-only or the
 * role in the account lacks `websites.edit` (known before the connection says so, and while it is offline);
 * `pending` while the role or the server's table is still being read (just after a reload).
 */
export function useBuilderEditAccess(): 'edit' | 'view' | 'pending' {
  const readOnly = useCollabSelector(selectCollabReadOnly);
  const canEdit = useCan('websites.edit');
  const viewOnly = useViewOnly('websites.edit');
  if (readOnly || viewOnly) return 'view';
  return canEdit ? 'edit' : 'pending';
}

/** Whether this user may not edit the site, or may not yet be known to (`useBuilderEditAccess`). */
export function useBuilderReadOnly(): boolean {
  return useBuilderEditAccess() !== 'edit';
}

/**
 * What the header says about saving: everything is on the server, on its way, kept here while offline, refused
 * to this session, or the site is gone (deleted elsewhere).
 */
export type SaveStatus = 'saving' | 'saved' | 'offline' | 'refused' | 'gone';

type DraftState = ReturnType<typeof selectDraftState>;

function saveStatusOf(draft: DraftState, collab: CollabSnapshot, readOnly: boolean): SaveStatus | null {
  if (readOnly) return null;
  if (draft === 'clean') return null;
  if (draft === 'creating') return 'saving';
  if (draft === 'unsaved') return 'offline';
  switch (collab.status) {
    case 'local':
      return null;
    case 'refused':
      return 'refused';
    case 'gone':
      return 'gone';
    case 'offline':
      return 'offline';
    default:
      return collab.saved ? 'saved' : 'saving';
  }
}

function unsavedOf(draft: DraftState, collab: CollabSnapshot, readOnly: boolean): boolean {
  if (readOnly) return false;
  if (draft === 'creating' || draft === 'unsaved') return true;
  return collab.status !== 'local' && !collab.saved;
}

/** Only the collab part the save status depends on, as a primitive (so equal states do not re-render). */
const selectCollabSave = (snapshot: CollabSnapshot) =>
  `${snapshot.readOnly ? 1 : 0}${snapshot.saved ? 1 : 0}${snapshot.status}`;

function useSaveInputs(): { draft: DraftState; collab: CollabSnapshot; readOnly: boolean } {
  const draft = useBuilderSelector(selectDraftState);
  useCollabSelector(selectCollabSave);
  const readOnly = useBuilderReadOnly();
  const collab = useBuilderSelector(selectCollab)?.getSnapshot() ?? NO_COLLAB;
  return { draft, collab, readOnly };
}

/**
 * The save status of the open site (null: nothing to tell — a new site not edited yet, a Viewer, or no sync
 * server). It comes from the server's acknowledgement of this device's changes, never from a local guess.
 */
export function useSaveStatus(): SaveStatus | null {
  const { draft, collab, readOnly } = useSaveInputs();
  return saveStatusOf(draft, collab, readOnly);
}

/** Whether this device holds changes the server has not stored yet (leaving asks first). */
export function useUnsavedChanges(): boolean {
  const { draft, collab, readOnly } = useSaveInputs();
  return unsavedOf(draft, collab, readOnly);
}

/**
 * `useUnsavedChanges` read when called (a click handler), so the component holding it does not re-render
 * with every edit's save round trip.
 */
export function useReadUnsavedChanges(): () => boolean {
  const { builder } = useBuilder();
  const collab = useBuilderSelector(selectCollab);
  const readOnly = useBuilderReadOnly();
  return useCallback(
    () => unsavedOf(selectDraftState(builder.getSnapshot()), collab?.getSnapshot() ?? NO_COLLAB, readOnly),
    [builder, collab, readOnly],
  );
}
