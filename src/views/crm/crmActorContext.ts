import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { crmMachine } from '../../machines/crm/crmMachine.ts';

export type CrmActor = ActorRefFrom<typeof crmMachine>;

/** The running CRM actor of the open CRM module. */
export const CrmActorContext = createContext<CrmActor | null>(null);

export function useCrmActor(): CrmActor {
  const actor = useContext(CrmActorContext);
  if (!actor) throw new Error('useCrmActor needs a CrmActorContext provider');
  return actor;
}
