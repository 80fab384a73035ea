import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQueries } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { ACCOUNT_ROLES } from '../../contracts/admin.ts';
import { listAccountUsers } from '../../services/account/accountsApi.ts';
import {
  teamQueryKeys,
  useAccountRoles,
  useAccountUsers,
  useInvitations,
} from '../../services/account/teamQueries.ts';
import { useHttp } from '../../services/http/httpContext.ts';
import { useAccounts } from '../../services/http/queries.ts';
import { useCanIn } from '../common/useCan.ts';
import { AddUserDialog } from './AddUserDialog.tsx';
import { InvitationsTable } from './InvitationsTable.tsx';
import { MembersTable } from './MembersTable.tsx';

type Props = {
  accountId: string;
  /**
   * `fixed`: the Add User modal offers User and Admin (Account Settings). `server`: the roles come from
   * the server, and Add Existing User offers people from the user's other accounts (Account Management).
   */
  roleSource: 'fixed' | 'server';
};

type DialogKind = 'add' | 'existing' | null;

/** The users of one account, its pending invitations and the modals that add people to it. */
export function AccountUsersPanel({ accountId, roleSource }: Props) {
  const users = useAccountUsers(accountId);
  const invitations = useInvitations(accountId);
  const serverRoles = useAccountRoles(roleSource === 'server' ? accountId : null);
  const [dialog, setDialog] = useState<DialogKind>(null);
  const closeDialog = useCallback(() => setDialog(null), []);

  const roles: readonly string[] =
    roleSource === 'server' && serverRoles.data ? serverRoles.data.map((role) => role.name) : ACCOUNT_ROLES;
  const members = users.data ?? [];
  const canAdd = useCanIn(accountId, 'members.add');
  const canManage = useCanIn(accountId, 'members.manage');
  const canRevoke = useCanIn(accountId, 'invitations.revoke');
  const suggestions = useColleagues(roleSource === 'server' && dialog === 'existing', accountId, members);

  return (
    <Stack spacing={2}>
      {canAdd ? (
        <Stack direction="row" spacing={1}>
          <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setDialog('add')}>
            Add User
          </Button>
          {roleSource === 'server' ? (
            <Button variant="outlined" onClick={() => setDialog('existing')}>
              Add Existing User
            </Button>
          ) : null}
        </Stack>
      ) : null}
      <MembersTable
        accountId={accountId}
        users={members}
        loading={users.isPending}
        roles={roles}
        canManage={canManage}
      />
      <InvitationsTable accountId={accountId} invitations={invitations.data ?? []} canManage={canRevoke} />
      <AddUserDialog
        open={dialog === 'add'}
        onClose={closeDialog}
        accountId={accountId}
        title="Add User to Account"
        roles={roles}
      />
      {roleSource === 'server' ? (
        <AddUserDialog
          open={dialog === 'existing'}
          onClose={closeDialog}
          accountId={accountId}
          title="Add Existing User"
          roles={roles}
          suggestions={suggestions}
        />
      ) : null}
    </Stack>
  );
}

/** People the user already works with in their other accounts and who are not in this one yet. */
function useColleagues(enabled: boolean, accountId: string, members: Array<{ userEmail: string }>): string[] {
  const http = useHttp();
  const accounts = useAccounts();
  const others = (accounts.data ?? []).filter((account) => account.id !== accountId);
  const lists = useQueries({
    queries: others.map((account) => ({
      queryKey: teamQueryKeys.users(account.id),
      queryFn: () => listAccountUsers(http, account.id),
      enabled,
    })),
  });
  const known = new Set(members.map((member) => member.userEmail));
  const emails = lists.flatMap((list) => (list.data ?? []).map((user) => user.userEmail));
  return [...new Set(emails)].filter((email) => !known.has(email)).sort();
}
