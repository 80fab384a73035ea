import { useEffect, useMemo } from 'react';
import {
  type ClipboardContent,
  type ClipboardData,
  copyElements,
  type ParsedClipboard,
  parseClipboard,
} from '../../canvas/clipboard.ts';
import {
  editAsOneStep,
  pasteElements,
  pastePlacement,
  removeElements,
} from '../../canvas/ops/clipboardOps.ts';
import type { SiteStore } from '../../canvas/siteStore.ts';
import type { BuilderActorRef } from '../../machines/builder/builderMachine.ts';
import type { ToastInput } from '../../services/http/toast.ts';
import { useBuilder, useBuilderReadOnly } from './builderContext.ts';

export const CLIPBOARD_MESSAGES = {
  nothingSelected: 'Select an element to copy',
  empty: 'There is nothing to paste',
  refused: 'The clipboard content could not be pasted',
  readDenied: 'The browser did not allow reading the clipboard: press Ctrl+V (⌘V) to paste',
  writeDenied: 'The browser did not allow writing to the clipboard: press Ctrl+C (⌘C) to copy',
} as const;

const plural = (count: number) => (count === 1 ? '1 element' : `${count} elements`);

/** Copy, cut and paste of the selected elements through the system clipboard. */
export type BuilderClipboard = {
  copy(): Promise<void>;
  cut(): Promise<void>;
  paste(): Promise<void>;
};

function isTextInput(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
  );
}

// Typing in a field, a dialog, or a text selection the user made: the browser's own copy and paste apply.
function leaveToBrowser(event: ClipboardEvent, withSelection: boolean): boolean {
  const target = event.target;
  if (isTextInput(target) || isTextInput(document.activeElement)) return true;
  if (target instanceof Element && target.closest('[role="dialog"]')) return true;
  if (withSelection) {
    const selection = document.getSelection();
    if (selection && !selection.isCollapsed && selection.toString().trim() !== '') return true;
  }
  return false;
}

/** The clipboard commands on one builder, for the toolbar, the DOM event handlers and the Delete key alike. */
export function createCommands(builder: BuilderActorRef, store: SiteStore) {
  const toast = (input: ToastInput) =>
    builder.system.get('toasts')?.send({ type: 'toast.show', toast: input });
  const context = () => builder.getSnapshot().context;
  const editing = () => context().mode === 'edit' && builder.getSnapshot().matches('ready');
  const currentPageId = () => {
    const pages = store.getPages();
    return (pages.find((page) => page.id === context().pageId) ?? pages[0])?.id ?? null;
  };
  const selection = () => context().selectedIds.filter((id) => store.getElement(id) !== null);

  const copyData = (): ClipboardData | null => copyElements(store.site, selection());

  const removeSelection = () => {
    const ids = selection();
    editAsOneStep(store, () => removeElements(store.site, ids));
    builder.send({ type: 'element.select', id: null });
  };

  const insert = (parsed: ParsedClipboard) => {
    const pageId = currentPageId();
    if (!parsed.ok) {
      toast(
        parsed.reason === 'empty'
          ? { type: 'info', title: CLIPBOARD_MESSAGES.empty }
          : { type: 'error', title: CLIPBOARD_MESSAGES.refused },
      );
      return;
    }
    if (!pageId) return;
    let ids: string[] = [];
    editAsOneStep(store, () => {
      ids = pasteElements(store.site, parsed.nodes, pastePlacement(store.site, pageId, selection()));
    });
    const [first, ...rest] = ids;
    if (first) builder.send({ type: 'element.select', id: first });
    for (const id of rest) builder.send({ type: 'element.toggle', id });
  };

  return { toast, editing, selection, copyData, removeSelection, insert };
}

// A copy through the menu when the async API is refused: execCommand('copy') fires a copy event that takes this.
let pendingCopy: ClipboardData | null = null;

async function writeSystemClipboard(data: ClipboardData): Promise<boolean> {
  try {
    await navigator.clipboard.write([
      new ClipboardItem({
        'text/plain': new Blob([data.json], { type: 'text/plain' }),
        'text/html': new Blob([data.html], { type: 'text/html' }),
      }),
    ]);
    return true;
  } catch {
    pendingCopy = data;
    try {
      return document.execCommand('copy') && pendingCopy === null;
    } finally {
      pendingCopy = null;
    }
  }
}

async function readSystemClipboard(): Promise<ClipboardContent | null> {
  try {
    const content: ClipboardContent = {};
    for (const item of await navigator.clipboard.read()) {
      if (content.text === undefined && item.types.includes('text/plain')) {
        content.text = await (await item.getType('text/plain')).text();
      }
      if (content.html === undefined && item.types.includes('text/html')) {
        content.html = await (await item.getType('text/html')).text();
      }
    }
    return content;
  } catch {
    try {
      return { text: await navigator.clipboard.readText() };
    } catch {
      return null;
    }
  }
}

/**
 * Ctrl/Cmd+C, X and V of the builder through the page's copy, cut and paste events (so they work where the
 * async Clipboard API is refused). The payload is the typed JSON (`text/plain`) plus HTML for other
 * programs. Fields, dialogs and text the user selected keep the browser's own copy and paste. A Viewer gets
 * none of it. Installed once per builder (by `useBuilderShortcuts`).
 */
export function useBuilderClipboardEvents(): void {
  const { builder, store } = useBuilder();
  const readOnly = useBuilderReadOnly();
  const commands = useMemo(() => createCommands(builder, store), [builder, store]);
  useEffect(() => {
    if (readOnly) return;
    const onCopyOrCut = (event: ClipboardEvent) => {
      if (pendingCopy) {
        event.clipboardData?.setData('text/plain', pendingCopy.json);
        event.clipboardData?.setData('text/html', pendingCopy.html);
        pendingCopy = null;
        event.preventDefault();
        return;
      }
      if (!commands.editing() || leaveToBrowser(event, true)) return;
      const data = commands.copyData();
      if (!data || !event.clipboardData) return;
      event.clipboardData.setData('text/plain', data.json);
      event.clipboardData.setData('text/html', data.html);
      event.preventDefault();
      if (event.type === 'cut') commands.removeSelection();
    };
    const onPaste = (event: ClipboardEvent) => {
      if (!commands.editing() || leaveToBrowser(event, false) || !event.clipboardData) return;
      event.preventDefault();
      commands.insert(
        parseClipboard({
          text: event.clipboardData.getData('text/plain'),
          html: event.clipboardData.getData('text/html'),
        }),
      );
    };
    document.addEventListener('copy', onCopyOrCut);
    document.addEventListener('cut', onCopyOrCut);
    document.addEventListener('paste', onPaste);
    return () => {
      document.removeEventListener('copy', onCopyOrCut);
      document.removeEventListener('cut', onCopyOrCut);
      document.removeEventListener('paste', onPaste);
    };
  }, [commands, readOnly]);
}

/** The toolbar's Copy, Cut and Paste: the async Clipboard API (with the copy event as a fallback). */
export function useBuilderClipboard(): BuilderClipboard {
  const { builder, store } = useBuilder();
  const readOnly = useBuilderReadOnly();
  const commands = useMemo(() => createCommands(builder, store), [builder, store]);
  return useMemo(() => {
    const copy = async (cut: boolean) => {
      if (readOnly || !commands.editing()) return;
      const data = commands.copyData();
      if (!data) {
        commands.toast({ type: 'info', title: CLIPBOARD_MESSAGES.nothingSelected });
        return;
      }
      if (!(await writeSystemClipboard(data))) {
        commands.toast({ type: 'error', title: CLIPBOARD_MESSAGES.writeDenied });
        return;
      }
      if (cut) commands.removeSelection();
      commands.toast({ type: 'success', title: `${cut ? 'Cut' : 'Copied'} ${plural(data.count)}` });
    };
    return {
      copy: () => copy(false),
      cut: () => copy(true),
      paste: async () => {
        if (readOnly || !commands.editing()) return;
        const content = await readSystemClipboard();
        if (!content) {
          commands.toast({ type: 'info', title: CLIPBOARD_MESSAGES.readDenied });
          return;
        }
        commands.insert(parseClipboard(content));
      },
    };
  }, [commands, readOnly]);
}
