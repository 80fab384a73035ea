import { shallowEqual, useSelector } from '@xstate/react';
import {
  selectAddRefusal,
  selectCreatedAccount,
  selectLastInvite,
  selectTeamOperation,
  selectTeamStatus,
} from '../../machines/account/teamMachine.ts';
import { selectTeamRef } from '../../machines/app/appSelectors.ts';
import { useAppActor } from '../appActorContext.ts';

/** The `team` actor and the outcome of its last write. */
export function useTeam() {
  const team = useSelector(useAppActor(), selectTeamRef);
  const status = useSelector(team, selectTeamStatus);
  const operation = useSelector(team, selectTeamOperation);
  const invite = useSelector(team, selectLastInvite, shallowEqual);
  const createdAccount = useSelector(team, selectCreatedAccount);
  const refusal = useSelector(team, selectAddRefusal);
  return { team, status, operation, invite, createdAccount, refusal };
}
