import type { User } from '../../contracts/auth.ts';

/** Browser-stored values of spec §3, by name. */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  currentAccountId: 'currentAccountId',
  hasSeenWalkthrough: 'hasSeenWalkthrough',
  googleAuthSuccess: 'googleAuthSuccess',
  facebookAuthSuccess: 'facebookAuthSuccess',
  redirectToFacebookCampaigns: 'redirectToFacebookCampaigns',
  oauthProcessed: 'oauthProcessed',
  selectedTemplate: 'selectedTemplate',
  generatedWebsiteId: 'generatedWebsiteId',
  /** The last user of this browser turned session recording off: record nothing until a user says otherwise. */
  replayOptOut: 'replayOptOut',
  /**
   * The walkthrough's step while it shows (sessionStorage, like `oauthProcessed`): a reload of the tab continues
   * it there. Not in `hasSeenWalkthrough`, a flag any value of which means "seen" (spec §4).
   */
  walkthroughStep: 'walkthroughStep',
} as const;

/** The session as kept in localStorage. */
export type StoredSession = { token: string; user: User; accountId: string | null };

/** Reads the stored session; `null` when absent or unreadable (a damaged `user` is dropped). */
export function readStoredSession(storage: Storage = localStorage): StoredSession | null {
  const token = storage.getItem(STORAGE_KEYS.token);
  const userText = storage.getItem(STORAGE_KEYS.user);
  if (!token || !userText) return null;
  try {
    const user = JSON.parse(userText) as User;
    if (typeof user !== 'object' || user === null || typeof user.email !== 'string') return null;
    return {
      token,
      user,
      accountId: storage.getItem(STORAGE_KEYS.currentAccountId) ?? user.accountId ?? null,
    };
  } catch {
    return null;
  }
}

/** Writes token, user and current account id (removing the account id when `null`). */
export function writeStoredSession(session: StoredSession, storage: Storage = localStorage): void {
  storage.setItem(STORAGE_KEYS.token, session.token);
  storage.setItem(STORAGE_KEYS.user, JSON.stringify(session.user));
  if (session.accountId) storage.setItem(STORAGE_KEYS.currentAccountId, session.accountId);
  else storage.removeItem(STORAGE_KEYS.currentAccountId);
}

/**
 * Forgets the session (other tabs see the `token` removal and sign out too), and what this tab kept for its user:
 * the walkthrough's step (the next user's tour starts at the beginning).
 */
export function clearStoredSession(storage: Storage = localStorage): void {
  storage.removeItem(STORAGE_KEYS.token);
  storage.removeItem(STORAGE_KEYS.user);
  storage.removeItem(STORAGE_KEYS.currentAccountId);
  sessionStorage.removeItem(STORAGE_KEYS.walkthroughStep);
}

/** Sets a `"true"` flag such as `hasSeenWalkthrough`. */
export function setFlag(key: string, storage: Storage = localStorage): void {
  storage.setItem(key, 'true');
}

/** Whether a flag was set (any non-empty value counts). */
export function hasFlag(key: string, storage: Storage = localStorage): boolean {
  return Boolean(storage.getItem(key));
}

/** Reads a flag and removes it (a one-shot hand-over across a page load). */
export function takeFlag(key: string, storage: Storage = localStorage): boolean {
  const set = hasFlag(key, storage);
  storage.removeItem(key);
  return set;
}

/** A whole number kept under `key` (such as `walkthroughStep`), or null when absent or not one. */
export function readCount(key: string, storage: Storage = sessionStorage): number | null {
  const text = storage.getItem(key);
  const value = text === null ? Number.NaN : Number(text);
  return Number.isInteger(value) && value >= 0 ? value : null;
}
