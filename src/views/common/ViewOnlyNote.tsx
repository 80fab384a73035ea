import Alert from '@mui/material/Alert';
import { type AccountPermission, VIEW_ONLY } from '../../services/session/permissionsQueries.ts';
import { useViewOnly } from './useCan.ts';

/** Says why a screen shows no write controls: the current role lacks `permission` (silent while loading). */
export function ViewOnlyNote({ permission }: { permission: AccountPermission }) {
  return useViewOnly(permission) ? (
    <Alert severity="info" role="note">
      {VIEW_ONLY}.
    </Alert>
  ) : null;
}
