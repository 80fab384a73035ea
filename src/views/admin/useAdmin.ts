import { useSelector } from '@xstate/react';
import {
  selectAdminError,
  selectAdminOperation,
  selectAdminStatus,
} from '../../machines/admin/adminMachine.ts';
import { selectAdminRef } from '../../machines/app/appSelectors.ts';
import { useAppActor } from '../appActorContext.ts';

/** The `admin` actor and the outcome of its last write. */
export function useAdmin() {
  const admin = useSelector(useAppActor(), selectAdminRef);
  const status = useSelector(admin, selectAdminStatus);
  const operation = useSelector(admin, selectAdminOperation);
  const error = useSelector(admin, selectAdminError);
  return { admin, status, operation, error };
}
