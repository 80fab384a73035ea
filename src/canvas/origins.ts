/**
 * Transaction origins of the site document. Kept apart from `siteDoc.ts` (which loads Yjs) so the app
 * machine can name the local origin without putting Yjs on the first screen.
 */

/** The origin of every edit made in this tab: the only origin the undo manager tracks. */
export const LOCAL_ORIGIN = Symbol('local-edit');
/** Updates applied from the server's stored state (not undoable). */
export const SERVER_ORIGIN = 'server';
/** A site's first content derived from what the server holds (its pages, or a template): not an edit. */
export const SEED_ORIGIN = 'seed';
