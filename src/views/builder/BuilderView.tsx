import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useAppActor } from '../appActorContext.ts';

/** Spec §9: the site name the flow starts with. */
export const DEFAULT_FLOW_SITE_NAME = 'My Website';

/** The website builder's frame: header with Back and the site name. */
export function BuilderView() {
  const app = useAppActor();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="static" color="default" elevation={1}>
        <Toolbar sx={{ gap: 2 }}>
          <Button startIcon={<ArrowBackIcon />} onClick={() => app.send({ type: 'view.back' })}>
            Back
          </Button>
          <Typography variant="h6" component="h1">
            {DEFAULT_FLOW_SITE_NAME}
          </Typography>
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ flex: 1 }} />
    </Box>
  );
}
