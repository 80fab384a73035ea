import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { User } from '../../contracts/auth.ts';
import { selectAccountId, selectUser } from '../../machines/session/sessionMachine.ts';
import { useMe } from '../../services/http/queries.ts';
import { useLiveEvents } from '../../services/live/liveEvents.ts';
import { useSessionRef } from '../appActorContext.ts';

const sameUser = (a: User, b: User | null) =>
  b !== null && (Object.keys(a) as Array<keyof User>).every((key) => a[key] === b[key]);

/**
 * Shows nothing: checks the stored session against the server (/me: a revoked token ends the session right
 * here), keeps the stored user in step with it, and keeps the account's live event stream open.
 */
export function AccountSync() {
  const session = useSessionRef();
  const user = useSelector(session, selectUser);
  const me = useMe();
  // Live data: the account's event stream, opened once /me proved the session valid, closed on sign-out.
  const accountId = useSelector(session, selectAccountId);
  useLiveEvents(me.isSuccess, accountId);

  // The server is the authority on role, plan and status; keep the stored user in step.
  useEffect(() => {
    if (me.data && !sameUser(me.data, user)) session.send({ type: 'session.userUpdated', user: me.data });
  }, [me.data, user, session]);
  return null;
}
