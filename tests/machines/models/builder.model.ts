import { createMachine } from 'xstate';

// Effect-free model of the builder (spec §4): load, edit, the save shortcut, the save dialog, failures.
export const builderModel = createMachine({
  id: 'builderModel',
  initial: 'loading',
  states: {
    loading: {
      on: {
        'load.new': 'unsaved',
        'load.existing': 'saved',
        'load.fail': 'failed',
        'load.unauthorized': 'failed',
      },
    },
    failed: { on: { 'builder.retry': 'loading' } },
    unsaved: {
      on: {
        'save.request': 'naming',
        'mode.toggle': 'unsaved',
        'element.added': 'unsaved',
        'page.select': 'unsaved',
      },
    },
    naming: { on: { 'save.cancel': 'unsaved', 'save.blank': 'naming', 'save.confirm': 'savingNew' } },
    savingNew: { on: { 'save.ok': 'saved', 'save.fail': 'unsaved' } },
    saved: { on: { 'save.request': 'saving', 'element.select': 'saved', 'sidebar.tab': 'saved' } },
    saving: { on: { 'save.ok': 'saved', 'save.fail': 'saved', 'save.unauthorized': 'saved' } },
  },
});
