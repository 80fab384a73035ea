import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import type { DomainView } from '../../contracts/publish.ts';
import {
  type PublishActorRef,
  selectPublishBusy,
  selectVerifying,
} from '../../machines/builder/publishMachine.ts';
import { useWebsiteDomain } from '../../services/builder/publishQueries.ts';

export const DOMAIN_STATUS_LABELS = { pending: 'Pending verification', verified: 'Verified' } as const;

type RecordField = { label: string; value: string };

function RecordRow({ label, value }: RecordField) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        label={label}
        value={value}
        size="small"
        fullWidth
        slotProps={{ htmlInput: { readOnly: true } }}
        onFocus={(event) => event.target.select()}
      />
      <Button
        aria-label={`Copy ${label.toLowerCase()}`}
        onClick={() => void navigator.clipboard?.writeText(value)}
      >
        Copy
      </Button>
    </Stack>
  );
}

/**
 * A website's custom domain in the Publish dialog: the TXT record to add at the DNS provider, the status and
 * the server's last word, and Verify (a `publish.verify` event: the machine runs the lookup).
 */
export function CustomDomainPanel({ publish, websiteId }: { publish: PublishActorRef; websiteId: string }) {
  const { data } = useWebsiteDomain(websiteId);
  const busy = useSelector(publish, selectPublishBusy);
  const verifying = useSelector(publish, selectVerifying);
  if (!data || data.status === 'none' || !data.record) return null;
  return (
    <DomainRecord view={data} record={data.record} busy={busy} verifying={verifying} publish={publish} />
  );
}

function DomainRecord({
  view,
  record,
  busy,
  verifying,
  publish,
}: {
  view: DomainView;
  record: NonNullable<DomainView['record']>;
  busy: boolean;
  verifying: boolean;
  publish: PublishActorRef;
}) {
  const verified = view.status === 'verified';
  return (
    <Stack spacing={1.5} component="section" aria-label="Custom domain">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle2" component="h3">
          {view.domain}
        </Typography>
        <Chip
          data-testid="domain-status"
          size="small"
          color={verified ? 'success' : 'warning'}
          label={verified ? DOMAIN_STATUS_LABELS.verified : DOMAIN_STATUS_LABELS.pending}
        />
      </Stack>
      {view.message ? (
        <Alert role="status" severity={verified ? 'success' : 'info'}>
          {view.message}
        </Alert>
      ) : null}
      <Typography variant="body2">
        To prove you own this domain, add this record at your DNS provider, then press Verify. Only a verified
        domain shows your site.
      </Typography>
      <RecordRow label="Type" value={record.type} />
      <RecordRow label="Name" value={record.name} />
      <RecordRow label="Value" value={record.value} />
      <Stack direction="row">
        <Button variant="outlined" onClick={() => publish.send({ type: 'publish.verify' })} disabled={busy}>
          {verifying ? 'Verifying...' : 'Verify'}
        </Button>
      </Stack>
    </Stack>
  );
}
