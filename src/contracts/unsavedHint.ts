// Its own module: only forms loaded on demand use it, so the first screen's chunk (which holds common.ts) does not carry it.
/**
 * What a form with unsaved changes says when Escape or a click beside it did not close it (the post editor's and
 * the form dialogs' one wording): `This contact is not saved: choose Save to keep it, or Cancel to throw it away.`
 */
export const unsavedHint = (what: string, save: string, cancel: string): string =>
  `This ${what} is not saved: choose ${save} to keep it, or ${cancel} to throw it away.`;
