import { useEffect } from 'react';
import { useBuilder, useBuilderReadOnly } from './builderContext.ts';

function isTextInput(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
  );
}

/**
 * Ctrl/Cmd+Z undo, Ctrl/Cmd+Shift+Z (or Ctrl+Y) redo, Ctrl/Cmd+S save (spec §4's save shortcut); none for a
 * Viewer, who may not edit.
 */
export function useBuilderShortcuts(): void {
  const { builder, store } = useBuilder();
  const readOnly = useBuilderReadOnly();
  useEffect(() => {
    if (readOnly) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey)) return;
      const key = event.key.toLowerCase();
      if (key === 's') {
        event.preventDefault();
        builder.send({ type: 'save.request' });
        return;
      }
      // Inside a text field the browser's own undo applies to the field.
      if (isTextInput(event.target)) return;
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
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [builder, store, readOnly]);
}
