import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import type { Integration } from '../../contracts/integrations.ts';
import { selectOAuthConnectRef } from '../../machines/app/appSelectors.ts';
import { selectOAuthBusy, selectOAuthError } from '../../machines/planner/oauthConnectMachine.ts';
import { selectUser } from '../../machines/session/sessionMachine.ts';
import { useDisconnect } from '../../services/planner/plannerQueries.ts';
import { useAppActor, useSessionRef } from '../appActorContext.ts';
import { useCan } from '../common/useCan.ts';

const DESCRIPTIONS: Record<Integration['id'], string> = {
  google: 'Run and measure Google Ads campaigns for your sites.',
  facebook: 'Facebook Ads campaigns, and publishing planned Facebook posts.',
  webhooks: 'Send form submissions, orders and new contacts to your own systems.',
};

/**
 * What an owner needs to know about an integration they cannot connect from here, in their words: one the
 * platform has not switched on yet, or one only an Admin of the account may connect. Null when nothing is in
 * the way.
 */
export function integrationNote(
  integration: Integration,
  canManage: boolean,
  platformAdmin = false,
): string | null {
  if (integration.kind !== 'oauth' || integration.connected) return null;
  if (!integration.configured) {
    // The platform's administrator is the one who can: they are told how (README, Environment).
    const prefix = integration.id === 'google' ? 'GOOGLE_ADS' : 'FACEBOOK_ADS';
    return platformAdmin
      ? `${integration.name} isn’t switched on for this platform yet: set ${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET on the server (README, Environment) and restart it, and a Connect button will appear here.`
      : `${integration.name} isn’t switched on for this platform yet: ask your platform administrator to turn it on, and a Connect button will appear here.`;
  }
  if (!canManage) return `An Admin of this account can connect ${integration.name}.`;
  return null;
}

/** The catalogue: each integration with its state and the action that changes it. */
export function IntegrationCards({ integrations }: { integrations: Integration[] }) {
  const connectRef = useSelector(useAppActor(), selectOAuthConnectRef);
  const busy = useSelector(connectRef, (s) => (s ? selectOAuthBusy(s) : false));
  const error = useSelector(connectRef, (s) => (s ? selectOAuthError(s) : null));
  const disconnect = useDisconnect();
  const canManage = useCan('integrations.manage');
  const platformAdmin = useSelector(useSessionRef(), selectUser)?.role === 'admin';

  return (
    <Stack spacing={2}>
      {error ? <Alert severity="warning">{error}</Alert> : null}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        {integrations.map((integration) => (
          <Card key={integration.id} variant="outlined" sx={{ flex: 1 }} aria-label={integration.name}>
            <CardContent>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                <Typography variant="h6" component="h3">
                  {integration.name}
                </Typography>
                <Chip
                  size="small"
                  color={integration.connected ? 'success' : 'default'}
                  label={
                    integration.connected
                      ? integration.kind === 'webhooks'
                        ? 'Active'
                        : 'Connected'
                      : integration.configured
                        ? 'Not connected'
                        : 'Not available yet'
                  }
                />
              </Stack>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {DESCRIPTIONS[integration.id]}
              </Typography>
              {integrationNote(integration, canManage, platformAdmin) ? (
                <Typography variant="body2" sx={{ mt: 1 }}>
                  {integrationNote(integration, canManage, platformAdmin)}
                </Typography>
              ) : null}
            </CardContent>
            {canManage && integration.kind === 'oauth' && integration.configured ? (
              <CardActions>
                {integration.connected ? (
                  <Button
                    color="inherit"
                    disabled={disconnect.isPending}
                    onClick={() => disconnect.mutate(integration.id as 'google' | 'facebook')}
                  >
                    Disconnect {integration.name}
                  </Button>
                ) : (
                  <Button
                    variant="contained"
                    disabled={busy || !integration.authorizeUrl}
                    onClick={() =>
                      connectRef?.send({
                        type: 'oauth.connect',
                        provider: integration.id as 'google' | 'facebook',
                        authorizeUrl: integration.authorizeUrl ?? '',
                      })
                    }
                  >
                    Connect {integration.name}
                  </Button>
                )}
              </CardActions>
            ) : null}
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}
