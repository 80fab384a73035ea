import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useSelector } from '@xstate/react';
import { selectAccountId } from '../../machines/sessionMachine.ts';
import { useAccounts } from '../../services/queries.ts';
import { useSessionRef } from '../appActorContext.ts';

/** Chooses the current account; the session stores it and refetches account data. */
export function AccountSwitcher() {
  const session = useSessionRef();
  const accountId = useSelector(session, selectAccountId);
  const accounts = useAccounts();
  const list = accounts.data ?? [];
  // Until the list arrives (or if the stored id is stale) show no choice rather than a bad one.
  const value = list.some((account) => account.id === accountId) ? accountId : '';

  return (
    <TextField
      select
      size="small"
      label="Account"
      value={value}
      disabled={list.length === 0}
      onChange={(event) => session.send({ type: 'session.accountSelected', accountId: event.target.value })}
      sx={{ minWidth: 180 }}
    >
      {list.map((account) => (
        <MenuItem key={account.id} value={account.id}>
          {account.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
