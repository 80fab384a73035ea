import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import { useIntegrations } from '../../../services/planner/plannerQueries.ts';
import { ViewOnlyNote } from '../../common/ViewOnlyNote.tsx';
import { IntegrationCards } from '../../integrations/IntegrationCards.tsx';
import { WebhooksPanel } from '../../integrations/WebhooksPanel.tsx';
import { SectionPlaceholder, type SectionProps } from '../SectionPlaceholder.tsx';

/** Integrations: the catalogue with this account's connections, and outgoing webhooks. */
export function IntegrationsSection({ title }: SectionProps) {
  const integrations = useIntegrations();
  return (
    <SectionPlaceholder title={title}>
      <ViewOnlyNote permission="integrations.manage" />
      {integrations.isPending ? <CircularProgress aria-label="Loading integrations" /> : null}
      {integrations.isError ? <Alert severity="error">Could not load the integrations</Alert> : null}
      {integrations.data ? <IntegrationCards integrations={integrations.data} /> : null}
      <WebhooksPanel />
    </SectionPlaceholder>
  );
}
