import { useSelector } from '@xstate/react';
import { createContext, useContext } from 'react';
import { selectSessionRef } from '../machines/app/appMachine.ts';
import type { AppActor } from './createAppSystem.ts';

/** The running app actor, for views to read from and send to. */
export const AppActorContext = createContext<AppActor | null>(null);

export function useAppActor(): AppActor {
  const actor = useContext(AppActorContext);
  if (!actor) throw new Error('useAppActor needs an AppActorContext provider');
  return actor;
}

/** The session actor (always running under the app). */
export function useSessionRef() {
  const sessionRef = useSelector(useAppActor(), selectSessionRef);
  if (!sessionRef) throw new Error('the session actor is not running');
  return sessionRef;
}
