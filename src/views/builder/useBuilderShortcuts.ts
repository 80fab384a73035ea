import { useEffect, useMemo, useRef } from 'react';
import { useBuilder, useBuilderEditAccess } from './builderContext.ts';
import { createCommands, useBuilderClipboardEvents } from './useBuilderClipboard.ts';

// Text being edited in place: the editable element or anything inside it.
const EDITABLE = '[contenteditable=""], [contenteditable="true"], [contenteditable="plaintext-only"]';

function isTextInput(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable ||
      target.closest(EDITABLE) !== null ||
      /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
  );
}

/** A field that edits the document (inside a `DOCUMENT_UNDO` panel): its undo is the document's. */
function isDocumentField(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.closest('[data-undo="document"]') !== null;
}

/**
 * Delete or Backspace with nothing but the page focused (after a click on the canvas): the canvas's selection.
 * Never while typing (a field, a contenteditable), in a dialog, or in a list that answers the key itself (the
 * Structure tree removes its own focused row).
 */
function isCanvasDelete(event: KeyboardEvent): boolean {
  if (event.key !== 'Delete' && event.key !== 'Backspace') return false;
  if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented || event.isComposing)
    return false;
  if (isTextInput(event.target) || isTextInput(document.activeElement)) return false;
  return !(
    event.target instanceof Element &&
    event.target.closest('[role="dialog"], [role="tree"], [role="listbox"], [role="menu"]')
  );
}

/**
 * Delete/Backspace remove the elements selected on the canvas (one undo step), Ctrl/Cmd+Z undo,
 * Ctrl/Cmd+Shift+Z (or Ctrl+Y) redo, Ctrl/Cmd+S save (spec §4's save shortcut), Ctrl/Cmd+C, X and V copy, cut
 * and paste elements; none for a Viewer, who may not edit. In a field that edits the
 * document, undo and redo are the document's too (the browser's own would leave the field and the canvas
 * apart); in any other text field (a dialog) the browser's own undo applies. A save asked for while the role
 * is still being read (just after a reload) is the builder's, not the browser's Save page: it runs once the
 * role is known to edit.
 */
export function useBuilderShortcuts(): void {
  useBuilderClipboardEvents();
  const { builder, store } = useBuilder();
  const access = useBuilderEditAccess();
  const saveAsked = useRef(false);
  const commands = useMemo(() => createCommands(builder, store), [builder, store]);
  useEffect(() => {
    if (access === 'pending' || !saveAsked.current) return;
    saveAsked.current = false;
    if (access === 'edit') builder.send({ type: 'save.request' });
  }, [builder, access]);
  useEffect(() => {
    if (access === 'view') return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (isCanvasDelete(event)) {
        if (access !== 'edit' || !commands.editing() || commands.selection().length === 0) return;
        event.preventDefault();
        commands.removeSelection();
        return;
      }
      if (!(event.ctrlKey || event.metaKey)) return;
      const key = event.key.toLowerCase();
      if (key === 's') {
        event.preventDefault();
        if (access === 'edit') builder.send({ type: 'save.request' });
        else saveAsked.current = true;
        return;
      }
      if (access !== 'edit') return;
      if (isTextInput(event.target) && !isDocumentField(event.target)) return;
      if (key === 'z' && event.shiftKey) {
        event.preventDefault();
        store.redo();
      } else if (key === 'z') {
        event.preventDefault();
        store.undo();
      } else if (key === 'y') {
        event.preventDefault();
        store.redo();
      }
    };
    // Undo from the browser's menu or a context menu, in a document field: the document's undo as well.
    const onBeforeInput = (event: InputEvent) => {
      if (access !== 'edit' || !isDocumentField(event.target)) return;
      if (event.inputType === 'historyUndo') {
        event.preventDefault();
        store.undo();
      } else if (event.inputType === 'historyRedo') {
        event.preventDefault();
        store.redo();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('beforeinput', onBeforeInput, true);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('beforeinput', onBeforeInput, true);
    };
  }, [builder, store, access, commands]);
}
