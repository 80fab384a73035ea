import { shallowEqual, useSelector } from '@xstate/react';
import { selectTeamRef } from '../../machines/appMachine.ts';
import {
  selectCreatedAccount,
  selectLastInvite,
  selectTeamOperation,
  selectTeamStatus,
} from '../../machines/teamMachine.ts';
import { useAppActor } from '../appActorContext.ts';

/** The `team` actor and the outcome of its last write. */
export function useTeam() {
  const team = useSelector(useAppActor(), selectTeamRef);
  const status = useSelector(team, selectTeamStatus);
  const operation = useSelector(team, selectTeamOperation);
  const invite = useSelector(team, selectLastInvite, shallowEqual);
  const createdAccount = useSelector(team, selectCreatedAccount);
  return { team, status, operation, invite, createdAccount };
}
