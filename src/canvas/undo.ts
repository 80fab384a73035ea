import * as Y from 'yjs';
import { LOCAL_ORIGIN, type SiteDoc } from './siteDoc.ts';

/** An undo manager over the site's pages and elements that tracks only this tab's own edits. */
export function createUndoManager(site: SiteDoc): Y.UndoManager {
  return new Y.UndoManager([site.pages, site.elements], {
    trackedOrigins: new Set([LOCAL_ORIGIN]),
    captureTimeout: 300,
  });
}
