// What the dashboard shell shows after its first paint, in one module (one import site in the first screen):
// the views that read server data (the account switcher, the store's orders badge, the session and live-event
// sync), the narrow sidebar's flyouts, and the dialogs that show nothing until they open (the tour, the review
// form, the question before a place with unsaved changes is left).
import { ReviewDialog } from '../review/ReviewDialog.tsx';
import { OrdersBadge } from '../store/OrdersBadge.tsx';
import { TourDialog } from '../tour/TourDialog.tsx';
import { AccountSync } from './AccountSync.tsx';
import { LeaveGuard } from './LeaveGuard.tsx';

export { AccountSwitcher } from './AccountSwitcher.tsx';
export { SidebarFlyout } from './SidebarFlyout.tsx';
export { OrdersBadge };

/** The shell's sync (it shows nothing) and its dialogs. */
export function ShellLater() {
  return (
    <>
      <AccountSync />
      <TourDialog />
      <ReviewDialog />
      <LeaveGuard />
    </>
  );
}
