/** sessionStorage key of the invitation token of the link this tab was opened with (this tab only). */
export const PENDING_INVITATION_KEY = 'pendingInvitation';

/** Where the invitation landing page lives: /invite#<token> (the fragment never reaches a server). */
export const INVITATION_PATH = '/invite';

const TOKEN = /^[A-Za-z0-9_-]{16,200}$/;

/**
 * On load at /invite#<token>: keeps the token for this tab and takes it out of the address bar (and the
 * history), so it is neither shared by a copied URL nor left behind; the page stays at /invite, and a reload
 * there shows the same invitation. Returns the token the landing page is about, or null (another path, or no
 * usable token).
 */
export function captureInvitationLink(
  location: { pathname: string; hash: string },
  storage: Storage = sessionStorage,
): string | null {
  if (location.pathname.replace(/\/+$/, '') !== INVITATION_PATH) return null;
  const token = location.hash.replace(/^#/, '');
  if (TOKEN.test(token)) storage.setItem(PENDING_INVITATION_KEY, token);
  window.history.replaceState(null, '', INVITATION_PATH);
  return readPendingInvitation(storage);
}

/** The kept invitation token, or null. */
export function readPendingInvitation(storage: Storage = sessionStorage): string | null {
  const token = storage.getItem(PENDING_INVITATION_KEY);
  return token && TOKEN.test(token) ? token : null;
}

export function forgetPendingInvitation(storage: Storage = sessionStorage): void {
  storage.removeItem(PENDING_INVITATION_KEY);
}
