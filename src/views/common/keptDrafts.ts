// What a form dialog's typing is kept as in this tab (sessionStorage) while a session that expired is signed in
// again: the entries, their keys and the rules that drop them. The only module that touches these entries.

const PREFIX = 'keptDraft:';

/** Whose drafts are read and written: the signed-in user in the account they work in. */
export type DraftOwner = { userId: string; accountId: string };

/** What the session says about drafts: signed in (`owner`), or signed out after an expiry or otherwise. */
export type DraftSession =
  | { kind: 'signedIn'; owner: DraftOwner }
  | { kind: 'expired' }
  | { kind: 'signedOut' };

/** The entry of one form (`form`, e.g. `crm.contact.42`) of one user in one account. */
export const keptDraftKey = (owner: DraftOwner, form: string): string =>
  `${PREFIX}${encodeURIComponent(owner.userId)}:${encodeURIComponent(owner.accountId)}:${form}`;

/** The user an entry belongs to, or null when the key is no kept draft's. */
const userOfKey = (key: string): string | null =>
  key.startsWith(PREFIX) ? decodeURIComponent(key.slice(PREFIX.length).split(':')[0] ?? '') : null;

/**
 * The entries among `keys` that `session` drops: every one after a sign-out that was no expiry (a logout, here
 * or in another tab), other users' once someone signs in, none while an expired session waits for its user.
 */
export function draftKeysToDrop(keys: readonly string[], session: DraftSession): string[] {
  if (session.kind === 'expired') return [];
  return keys.filter((key) => {
    const user = userOfKey(key);
    return user !== null && (session.kind === 'signedOut' || user !== session.owner.userId);
  });
}

/** Drops the entries `session` no longer allows (see draftKeysToDrop). */
export function sweepKeptDrafts(session: DraftSession, storage: Storage = sessionStorage): void {
  const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
    (key): key is string => key !== null,
  );
  for (const key of draftKeysToDrop(keys, session)) storage.removeItem(key);
}

/** What an entry holds: the form's values, and whether they were kept because the session expired. */
export type KeptDraft<T> = { values: T; afterExpiry: boolean };

// An entry left by a form that went because the session expired starts with this; any other entry left (the
// tab reloaded or closed while the form was open) does not.
const AFTER_EXPIRY = 'expired:';

/** What is kept under `key`, or null (none, or unreadable). */
export function readKeptDraft<T>(key: string, storage: Storage = sessionStorage): KeptDraft<T> | null {
  const text = storage.getItem(key);
  if (text === null) return null;
  const afterExpiry = text.startsWith(AFTER_EXPIRY);
  try {
    return { values: JSON.parse(afterExpiry ? text.slice(AFTER_EXPIRY.length) : text) as T, afterExpiry };
  } catch {
    return null;
  }
}

/** Marks the entry under `key` as kept because the session expired (the form says so when it has it back). */
export function markKeptAfterExpiry(key: string, storage: Storage = sessionStorage): void {
  const text = storage.getItem(key);
  if (text !== null && !text.startsWith(AFTER_EXPIRY)) writeKeptDraft(key, AFTER_EXPIRY + text, storage);
}

/** Keeps `json` (the form's values, already as JSON) under `key`. */
export function writeKeptDraft(key: string, json: string, storage: Storage = sessionStorage): void {
  try {
    storage.setItem(key, json);
  } catch {
    // A full storage keeps no draft; the form itself still holds what was typed.
  }
}

export function removeKeptDraft(key: string, storage: Storage = sessionStorage): void {
  storage.removeItem(key);
}
