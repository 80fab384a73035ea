import { createContext, useContext } from 'react';
import type { InspectionEvent } from 'xstate';

type Inspect = (event: InspectionEvent) => void;

/**
 * The session-replay recorder's inspection observer, for actors a view creates on its own (the
 * storefront's cart): `useActorRef(logic, { inspect: useReplayInspect() })`. Undefined when not recording.
 */
export const ReplayInspectContext = createContext<Inspect | undefined>(undefined);

export const useReplayInspect = (): Inspect | undefined => useContext(ReplayInspectContext);
