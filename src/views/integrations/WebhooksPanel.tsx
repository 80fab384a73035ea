import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { WEBHOOK_EVENTS, type WebhookEvent } from '../../contracts/social.ts';
import { webhookUrlProblem } from '../../contracts/webhooks.ts';
import { errorMessage } from '../../services/http/ApiError.ts';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useSendTest,
  useWebhooks,
} from '../../services/planner/plannerQueries.ts';
import { useCan } from '../common/useCan.ts';
import { useConfirmDelete } from '../common/useConfirmDelete.tsx';
import { useLeaveGuard } from '../common/useLeaveGuard.ts';
import { DeliveryLog } from './DeliveryLog.tsx';

const EVENT_LABELS: Record<WebhookEvent, string> = {
  'form.submitted': 'Form submitted',
  'order.placed': 'Order placed',
  'contact.created': 'Contact created',
};

/** Outgoing webhooks: add one, see each one's deliveries, send a test, remove. */
export function WebhooksPanel() {
  const webhooks = useWebhooks();
  const create = useCreateWebhook();
  const remove = useDeleteWebhook();
  const sendTest = useSendTest();
  const canManage = useCan('integrations.manage');
  const confirm = useConfirmDelete();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['form.submitted']);
  const [problem, setProblem] = useState<string | null>(null);
  // An address typed and not added yet: leaving the page asks first.
  useLeaveGuard(url.trim() !== '');

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const issue = webhookUrlProblem(url) ?? (events.length === 0 ? 'Choose at least one event' : null);
    setProblem(issue);
    if (issue) return;
    create.mutate(
      { url: url.trim(), events },
      {
        onSuccess: () => setUrl(''),
        onError: (error) => setProblem(errorMessage(error, 'Could not add the webhook')),
      },
    );
  };

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h3">
        Webhooks
      </Typography>
      {canManage ? (
        <Paper
          variant="outlined"
          component="form"
          onSubmit={handleSubmit}
          sx={{ p: 2 }}
          aria-label="New webhook"
        >
          <Stack spacing={1}>
            <TextField
              label="Webhook URL"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              placeholder="https://example.com/hooks/bizsite"
              size="small"
              required
            />
            <FormGroup row>
              {WEBHOOK_EVENTS.map((name) => (
                <FormControlLabel
                  key={name}
                  label={EVENT_LABELS[name]}
                  control={
                    <Checkbox
                      checked={events.includes(name)}
                      onChange={(e) =>
                        setEvents(e.target.checked ? [...events, name] : events.filter((x) => x !== name))
                      }
                    />
                  }
                />
              ))}
            </FormGroup>
            {problem ? <Alert severity="error">{problem}</Alert> : null}
            {create.data ? (
              <Alert severity="info">
                Signing secret of the new webhook (shown once): <code>{create.data.secret}</code>. Each
                delivery carries X-Webhook-Timestamp and X-Webhook-Signature = v1=HMAC-SHA256(secret,
                "timestamp.body").
              </Alert>
            ) : null}
            <Button
              type="submit"
              variant="contained"
              disabled={create.isPending}
              sx={{ alignSelf: 'flex-start' }}
            >
              Add webhook
            </Button>
          </Stack>
        </Paper>
      ) : null}
      {webhooks.data?.length === 0 ? <Typography>No webhooks yet.</Typography> : null}
      {webhooks.data?.map((hook) => (
        <Paper key={hook.id} variant="outlined" sx={{ p: 2 }} aria-label={`Webhook ${hook.url}`}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ fontFamily: 'monospace', flex: 1, wordBreak: 'break-all' }}>
              {hook.url}
            </Typography>
            <Typography variant="body2">{hook.events.map((e) => EVENT_LABELS[e]).join(', ')}</Typography>
            {canManage ? (
              <>
                <Button size="small" onClick={() => sendTest.mutate(hook.id)}>
                  Send test
                </Button>
                <Button
                  size="small"
                  color="error"
                  onClick={() =>
                    confirm.ask('webhook', `Deliveries to ${hook.url} stop, and its log goes with it.`, () =>
                      remove.mutateAsync(hook.id),
                    )
                  }
                >
                  Delete
                </Button>
              </>
            ) : null}
          </Stack>
          <DeliveryLog webhookId={hook.id} />
        </Paper>
      ))}
      {confirm.dialog}
    </Stack>
  );
}
