import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import BuildIcon from '@mui/icons-material/Build';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAppActor } from '../appActorContext.ts';

/** Website flow choice: build from scratch or generate with AI. */
export function FlowChoice() {
  const app = useAppActor();
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Stack spacing={3} sx={{ width: '100%', maxWidth: 720 }}>
        <Typography variant="h4" component="h1">
          How would you like to create your website?
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Card sx={{ flex: 1 }}>
            <CardActionArea onClick={() => app.send({ type: 'flow.build' })} sx={{ height: '100%' }}>
              <CardContent>
                <BuildIcon color="primary" />
                <Typography variant="h6" component="h2">
                  Build from Scratch
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  Start with a blank page and add sections yourself.
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
          <Card sx={{ flex: 1 }}>
            <CardActionArea onClick={() => app.send({ type: 'flow.generate' })} sx={{ height: '100%' }}>
              <CardContent>
                <AutoAwesomeIcon color="secondary" />
                <Typography variant="h6" component="h2">
                  Generate with AI
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  Get a first draft from your business profile.
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        </Stack>
        <Box>
          <Button onClick={() => app.send({ type: 'view.back' })}>Back to dashboard</Button>
        </Box>
      </Stack>
    </Box>
  );
}
