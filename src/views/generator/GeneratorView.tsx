import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { selectIsBusy } from '../../machines/app/appMachine.ts';
import { selectGeneratorError } from '../../machines/app/appSelectors.ts';
import { useBusinessProfile } from '../../services/http/queries.ts';
import { useAppActor } from '../appActorContext.ts';

/** The AI generator screen: the business summary, Generate Website ('Generating...' while busy), Back. */
export function GeneratorView() {
  const app = useAppActor();
  const profile = useBusinessProfile();
  const busy = useSelector(app, selectIsBusy);
  const error = useSelector(app, selectGeneratorError);
  const handleGenerate = () => {
    if (!profile.data) return;
    const { businessName, industry, services, email, phone } = profile.data;
    app.send({ type: 'generator.generate', business: { businessName, industry, services, email, phone } });
  };

  return (
    <Box component="main" sx={{ maxWidth: 720, mx: 'auto', p: 3 }}>
      <Stack spacing={2}>
        <Box>
          <Button startIcon={<ArrowBackIcon />} onClick={() => app.send({ type: 'view.back' })}>
            Back
          </Button>
        </Box>
        <Typography variant="h4" component="h1">
          Generate your website
        </Typography>
        {profile.isPending ? <CircularProgress aria-label="Loading business profile" /> : null}
        {profile.isError ? <Alert severity="error">The business profile could not be loaded.</Alert> : null}
        {profile.data === null ? (
          <Alert severity="info">No business profile has been set up yet.</Alert>
        ) : null}
        {profile.data ? (
          <Card>
            <CardContent>
              <Typography variant="h6" component="h2">
                {profile.data.businessName}
              </Typography>
              <Box
                component="dl"
                sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1, m: 0 }}
              >
                <dt>Industry</dt>
                <dd style={{ margin: 0, textTransform: 'capitalize' }}>{profile.data.industry}</dd>
                <dt>Services</dt>
                <dd style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{profile.data.services}</dd>
                <dt>Email</dt>
                <dd style={{ margin: 0 }}>{profile.data.email}</dd>
                <dt>Phone</dt>
                <dd style={{ margin: 0 }}>{profile.data.phone}</dd>
              </Box>
            </CardContent>
          </Card>
        ) : null}
        {error ? <Alert severity="error">{error}</Alert> : null}
        <Box>
          <Button variant="contained" size="large" onClick={handleGenerate} disabled={busy || !profile.data}>
            {busy ? 'Generating...' : 'Generate Website'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
