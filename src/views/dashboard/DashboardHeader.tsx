import HelpIcon from '@mui/icons-material/Help';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { selectTourRef } from '../../machines/appMachine.ts';
import { selectUser } from '../../machines/sessionMachine.ts';
import { useAppActor, useSessionRef } from '../appActorContext.ts';
import { AccountMenu } from './AccountMenu.tsx';
import { AccountSwitcher } from './AccountSwitcher.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import type { SectionId } from './sections.ts';

type Props = { title: string; onNavigate: (section: SectionId) => void };

/** Header: section title, account switcher, tour button, user name with status, avatar menu. */
export function DashboardHeader({ title, onNavigate }: Props) {
  const session = useSessionRef();
  const user = useSelector(session, selectUser);
  const tour = useSelector(useAppActor(), selectTourRef);

  return (
    <AppBar position="sticky" color="inherit" elevation={1}>
      <Toolbar sx={{ gap: 2 }}>
        <Typography variant="h6" component="h1" noWrap sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        <AccountSwitcher />
        <Tooltip title="Start tour">
          <IconButton aria-label="Start tour" onClick={() => tour?.send({ type: 'tour.start' })}>
            <HelpIcon />
          </IconButton>
        </Tooltip>
        {user ? (
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', display: { xs: 'none', sm: 'flex' } }}
          >
            <Typography variant="body2" component="span">
              {user.name}
            </Typography>
            <StatusBadge status={user.status} plan={user.plan} />
          </Stack>
        ) : null}
        <Box>
          <AccountMenu
            name={user?.name ?? ''}
            onUserSettings={() => onNavigate('userSettings')}
            onPasswordChange={() => onNavigate('passwordChange')}
            onLogout={() => session.send({ type: 'session.logout' })}
          />
        </Box>
      </Toolbar>
    </AppBar>
  );
}
