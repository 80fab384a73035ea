import type { User } from '../../contracts/auth.ts';

// Its own file: systemActions sends these to the session actor without importing the session machine.
/** What the `session` actor accepts from the app and the other machines. */
export type SessionEvent =
  | { type: 'session.login'; token: string; user: User }
  | { type: 'session.logout' }
  | { type: 'session.expired' }
  /** Another tab removed the token: sign out here too. */
  | { type: 'session.remoteLogout' }
  | { type: 'session.userUpdated'; user: User }
  | { type: 'session.tokenRefreshed'; token: string }
  | { type: 'session.accountSelected'; accountId: string };
