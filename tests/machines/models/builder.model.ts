import { createMachine } from 'xstate';

// Effect-free model of the builder (spec §4, issue 16): load, edit, autosave of a new site at its first edit,
// the save shortcut, Rename and Save as, failures.
export const builderModel = createMachine({
  id: 'builderModel',
  initial: 'loading',
  states: {
    loading: {
      on: {
        'load.new': 'draft',
        // A new site on a chosen template: kept on the server at once, as if edited.
        'load.template': 'creating',
        'load.existing': 'saved',
        'load.fail': 'failed',
        'load.unauthorized': 'failed',
        // No such site in this account: said so, with no retry.
        'load.missing': 'missing',
      },
    },
    failed: { on: { 'builder.retry': 'loading' } },
    missing: {},
    // A new site, not edited yet: nothing on the server.
    draft: {
      on: {
        'doc.edit': 'creating',
        'save.request': 'naming',
        'mode.toggle': 'draft',
        'element.added': 'draft',
        'page.select': 'draft',
      },
    },
    creating: {
      on: { 'create.ok': 'saved', 'create.fail': 'draftUnsaved', 'create.unauthorized': 'draftUnsaved' },
    },
    // Edited while offline: the changes wait on this device.
    draftUnsaved: { on: { 'network.online': 'creating', 'doc.edit': 'creating' } },
    naming: {
      on: {
        'save.cancel': 'draft',
        'save.blank': 'naming',
        'doc.edit': 'namingEdited',
        'save.confirm': 'savingNew',
      },
    },
    namingEdited: { on: { 'save.cancel': 'draftUnsaved' } },
    // A failed save keeps the dialog open with the typed name (a 401 ends the session: no dialog then).
    savingNew: { on: { 'save.ok': 'saved', 'save.fail': 'naming', 'save.unauthorized': 'draft' } },
    saved: {
      on: {
        'save.request': 'saving',
        'rename.request': 'renaming',
        'saveAs.request': 'namingCopy',
        'doc.edit': 'saved',
        'element.select': 'saved',
        'element.toggle': 'saved',
        'sidebar.tab': 'saved',
        // Publish asks the builder to save what the owner sees, and waits for the answer.
        'publish.save': 'flushing',
      },
    },
    flushing: { on: { 'flush.ok': 'saved', 'flush.fail': 'saved' } },
    // A save of its own in flight: Publish hears at once that it cannot save now.
    saving: {
      on: {
        'save.ok': 'saved',
        'save.fail': 'saved',
        'save.unauthorized': 'saved',
        'publish.save': 'saving',
      },
    },
    renaming: { on: { 'save.cancel': 'saved', 'save.confirm': 'savingRename' } },
    savingRename: { on: { 'save.ok': 'saved', 'save.fail': 'renaming' } },
    namingCopy: { on: { 'save.cancel': 'saved', 'save.confirm': 'savingCopy' } },
    savingCopy: { on: { 'save.ok': 'saved', 'save.fail': 'namingCopy' } },
  },
});
