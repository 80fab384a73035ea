/** sessionStorage key of an invitation token waiting for the user to be signed in (this tab only). */
export const PENDING_INVITATION_KEY = 'pendingInvitation';

const TOKEN = /^[A-Za-z0-9_-]{16,200}$/;

/**
 * On load at /invite#<token>: keeps the token for this tab and takes it out of the address bar (and the
 * history), so it is neither shared by a copied URL nor left behind. Returns whether it found one.
 */
export function captureInvitationLink(
  location: { pathname: string; hash: string },
  storage: Storage = sessionStorage,
): boolean {
  if (location.pathname.replace(/\/+$/, '') !== '/invite') return false;
  const token = location.hash.replace(/^#/, '');
  if (TOKEN.test(token)) storage.setItem(PENDING_INVITATION_KEY, token);
  window.history.replaceState(null, '', '/');
  return TOKEN.test(token);
}

/** The kept invitation token, or null. */
export function readPendingInvitation(storage: Storage = sessionStorage): string | null {
  const token = storage.getItem(PENDING_INVITATION_KEY);
  return token && TOKEN.test(token) ? token : null;
}

export function forgetPendingInvitation(storage: Storage = sessionStorage): void {
  storage.removeItem(PENDING_INVITATION_KEY);
}
