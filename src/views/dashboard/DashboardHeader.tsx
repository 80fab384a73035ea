import HelpIcon from '@mui/icons-material/Help';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { Suspense } from 'react';
import { selectTourRef } from '../../machines/app/appMachine.ts';
import { selectUser } from '../../machines/session/sessionMachine.ts';
import { selectTourProgress, selectTourResumable } from '../../machines/tour/tourSelectors.ts';
import { useAppActor, useSessionRef } from '../appActorContext.ts';
import { Logo } from '../common/Logo.tsx';
import { lazyWithQueries } from '../lazyWithQueries.tsx';
import { AccountMenu } from './AccountMenu.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import type { SectionId } from './sections.ts';
import { shellLater } from './shellLater.ts';

// The switcher lists the user's accounts: it loads with the query cache.
const AccountSwitcher = lazyWithQueries(async () => (await shellLater()).AccountSwitcher);

type Props = { title: string; onNavigate: (section: SectionId) => void };

/**
 * Header: the product's logo and name, section title, account switcher, tour button (and Resume tour after
 * Skip Tour), user name with status, avatar menu.
 */
export function DashboardHeader({ title, onNavigate }: Props) {
  const session = useSessionRef();
  const user = useSelector(session, selectUser);
  const app = useAppActor();
  const tour = useSelector(app, selectTourRef);
  const resumable = useSelector(tour, (snapshot) => (snapshot ? selectTourResumable(snapshot) : false));
  const progress = useSelector(tour, (snapshot) => (snapshot ? selectTourProgress(snapshot) : ''));

  return (
    <AppBar position="sticky" color="inherit">
      {/* On a phone the title takes a row of its own under the logo, the switcher and the buttons. */}
      <Toolbar sx={{ gap: { xs: 1, sm: 2 }, flexWrap: { xs: 'wrap', sm: 'nowrap' }, py: { xs: 1, sm: 0 } }}>
        <Logo data-tour="welcome" markOnlyOnPhone />
        <Divider orientation="vertical" flexItem sx={{ my: 1.5, display: { xs: 'none', sm: 'block' } }} />
        <Typography
          variant="h6"
          component="h1"
          noWrap
          sx={{ flexGrow: 1, order: { xs: 1, sm: 0 }, flexBasis: { xs: '100%', sm: 'auto' } }}
        >
          {title}
        </Typography>
        <Box sx={{ ml: { xs: 'auto', sm: 0 } }}>
          <Suspense fallback={null}>
            <AccountSwitcher />
          </Suspense>
        </Box>
        {resumable ? (
          <Tooltip describeChild title={`Continue the tour at ${progress}`}>
            <Button size="small" onClick={() => tour?.send({ type: 'tour.resume' })}>
              Resume tour
            </Button>
          </Tooltip>
        ) : null}
        <Tooltip title="Start tour">
          <IconButton aria-label="Start tour" onClick={() => app.send({ type: 'tour.start' })}>
            <HelpIcon />
          </IconButton>
        </Tooltip>
        {user ? (
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', display: { xs: 'none', md: 'flex' }, minWidth: 0 }}
          >
            <Typography variant="body2" component="span" noWrap>
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
            onLogout={() => app.send({ type: 'session.logout' })}
          />
        </Box>
      </Toolbar>
    </AppBar>
  );
}
