import { useEffect, useId } from 'react';
import { useAppActor } from '../appActorContext.ts';

type AppRef = ReturnType<typeof useAppActor>;

// The forms of each app that hold typed changes now: several on one page (e.g. pipelines) count together.
const unsavedForms = new WeakMap<AppRef, Set<string>>();

const tell = (app: AppRef, unsaved: boolean) => {
  if (app.getSnapshot().status === 'active') app.send({ type: 'form.unsaved', unsaved });
};

/**
 * A form on a page (not a dialog) that holds typed changes not saved yet (`unsaved`): going to another place
 * or signing out asks first ("Leave without saving?"), and closing or reloading the tab gets the browser's own
 * question — the app's LeaveGuard, as for Business details. Saved, cleared or gone, the form no longer holds
 * anything back.
 *
 * Any other address counts as leaving (the app compares addresses): a page whose own controls change its address
 * while the form stays (a dialog or drawer with an address of its own, a filter) would ask when nothing is lost:
 * the quick-add fields of such pages (the store's categories, the deals board) are not guarded this way.
 */
export function useLeaveGuard(unsaved: boolean): void {
  const app = useAppActor();
  const id = useId();
  useEffect(() => {
    if (!unsaved) return;
    let forms = unsavedForms.get(app);
    if (!forms) {
      forms = new Set();
      unsavedForms.set(app, forms);
    }
    forms.add(id);
    tell(app, true);
    const held = forms;
    return () => {
      held.delete(id);
      if (held.size === 0) tell(app, false);
    };
  }, [app, id, unsaved]);
}
