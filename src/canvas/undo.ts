import * as Y from 'yjs';
import { LOCAL_ORIGIN, type SiteDoc } from './siteDoc.ts';

/**
 * How long a pause ends a typing burst: keystrokes in one field closer together than this are one undo step.
 * Discrete commands never merge, whatever the timing (see `UndoSteps`).
 */
export const TYPING_BURST_MS = 500;

/** An undo manager over the site's pages and elements that tracks only this tab's own edits. */
export function createUndoManager(site: SiteDoc): Y.UndoManager {
  return new Y.UndoManager([site.pages, site.elements], {
    trackedOrigins: new Set([LOCAL_ORIGIN]),
    captureTimeout: TYPING_BURST_MS,
  });
}

/**
 * Decides where one undo step ends. A discrete command (add, delete, move, paste, a change made with a
 * control) is always a step of its own: capturing stops before and after it. Typing into one field merges with
 * the previous keystroke of the same field within the capture timeout (one step per typing burst); typing into
 * another field, or after a command, starts a new step.
 */
export class UndoSteps {
  private readonly undoManager: Y.UndoManager;
  private readonly site: SiteDoc;
  /** The field the last edit typed into (null: the last edit was a command). */
  private typingIn: string | null = null;

  constructor(site: SiteDoc, undoManager: Y.UndoManager) {
    this.site = site;
    this.undoManager = undoManager;
  }

  /** Runs `fn` as one local transaction that is an undo step of its own. */
  command(fn: () => void): void {
    this.typingIn = null;
    this.undoManager.stopCapturing();
    this.site.doc.transact(fn, LOCAL_ORIGIN);
    this.undoManager.stopCapturing();
  }

  /** Runs `fn` as a keystroke in `field` (any stable key, e.g. element id + property): bursts merge. */
  typing(field: string, fn: () => void): void {
    if (this.typingIn !== field) this.undoManager.stopCapturing();
    this.typingIn = field;
    this.site.doc.transact(fn, LOCAL_ORIGIN);
  }

  /** Ends the current typing burst (undo, redo, a field losing focus): the next keystroke is a new step. */
  endBurst(): void {
    this.typingIn = null;
    this.undoManager.stopCapturing();
  }
}
