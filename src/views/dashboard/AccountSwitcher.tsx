import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useSelector } from '@xstate/react';
import { selectLeaveAsked } from '../../machines/app/appSelectors.ts';
import { selectAccountId } from '../../machines/session/sessionMachine.ts';
import { useAccounts } from '../../services/http/queries.ts';
import { useAppActor, useSessionRef } from '../appActorContext.ts';
import { useNavigate, useRoute } from '../common/useRoute.ts';
import { SECTION_ROUTES, sectionOfRoute } from './sections.ts';

/** An industry code as the business setup shows it ('retail' → 'Retail'); none yet: empty. */
export const industryLabel = (industry: string | null | undefined): string =>
  industry ? industry.charAt(0).toUpperCase() + industry.slice(1) : '';

/**
 * Chooses the current account; the session stores it and refetches account data. The place starts again at its
 * section's own address: a record, a store, a search or a page of the account left behind means nothing in the
 * other one (`/forms?submission=12` → `/forms`). A move held by the question about unsaved changes switches
 * nothing: the typed changes belong to the account they were typed in.
 */
export function AccountSwitcher() {
  const session = useSessionRef();
  const app = useAppActor();
  const route = useRoute();
  const navigate = useNavigate();
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
      onChange={(event) => {
        navigate(SECTION_ROUTES[sectionOfRoute(route)]);
        if (!selectLeaveAsked(app.getSnapshot())) {
          session.send({ type: 'session.accountSelected', accountId: event.target.value });
        }
      }}
      // The chosen account shows its name; the list shows each account's industry under it.
      slotProps={{
        select: { renderValue: (id) => list.find((account) => account.id === id)?.name ?? '' },
      }}
      // On a phone it shares the header's row with the logo and two buttons; wider, a long name is cut short
      // with an ellipsis (its whole name is in the list) rather than pushing the avatar menu off the screen.
      sx={{ minWidth: { xs: 0, sm: 180 }, width: { xs: 150, sm: 'auto' }, maxWidth: { sm: 200, lg: 280 } }}
    >
      {list.map((account) => (
        <MenuItem key={account.id} value={account.id}>
          <ListItemText
            primary={account.name}
            secondary={industryLabel(account.industry) || 'No industry yet'}
          />
        </MenuItem>
      ))}
    </TextField>
  );
}
