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
import { useKeptDraft } from '../common/useKeptDraft.ts';
import { useLeaveGuard } from '../common/useLeaveGuard.ts';
import { DeliveryLog } from './DeliveryLog.tsx';

const EVENT_LABELS: Record<WebhookEvent, string> = {
  'form.submitted': 'Form submitted',
  'order.placed': 'Order placed',
  'contact.created': 'Contact created',
};

/** What the new webhook's form says when the address typed in it is back (after a reload or an expired session). */
export const KEPT_WEBHOOK_NOTE =
  'The webhook you were adding is back as you left it: it is not added yet. Add webhook to keep it, or Discard changes to throw it away.';

const FIRST_EVENTS: WebhookEvent[] = ['form.submitted'];

/** Outgoing webhooks: add one, see each one's deliveries, send a test, remove. */
export function WebhooksPanel() {
  const webhooks = useWebhooks();
  const create = useCreateWebhook();
  const remove = useDeleteWebhook();
  const sendTest = useSendTest();
  const canManage = useCan('integrations.manage');
  const confirm = useConfirmDelete();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(FIRST_EVENTS);
  const [problem, setProblem] = useState<string | null>(null);
  // An address typed and not added yet: leaving the page asks first, and a reload keeps it (useKeptDraft.ts).
  const typed = canManage && url.trim() !== '';
  useLeaveGuard(typed);
  const kept = useKeptDraft('integrations.webhook.new', {
    values: { url, events },
    changed: typed,
    restore: (draft: { url: string; events: WebhookEvent[] }) => {
      setUrl(draft.url);
      setEvents(draft.events.filter((name) => WEBHOOK_EVENTS.includes(name)));
    },
  });
  const handleDiscard = () => {
    setUrl('');
    setEvents(FIRST_EVENTS);
    setProblem(null);
  };

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
            {kept ? <Alert severity="info">{KEPT_WEBHOOK_NOTE}</Alert> : null}
            {problem ? <Alert severity="error">{problem}</Alert> : null}
            {create.data ? (
              <Alert severity="info">
                Signing secret of the new webhook (shown once): <code>{create.data.secret}</code>. Each
                delivery carries X-Webhook-Timestamp and X-Webhook-Signature = v1=HMAC-SHA256(secret,
                "timestamp.body").
              </Alert>
            ) : null}
            <Stack direction="row" spacing={1}>
              <Button type="submit" variant="contained" disabled={create.isPending}>
                Add webhook
              </Button>
              {typed ? (
                <Button onClick={handleDiscard} disabled={create.isPending}>
                  Discard changes
                </Button>
              ) : null}
            </Stack>
          </Stack>
        </Paper>
      ) : null}
      {webhooks.data?.length === 0 ? <Typography>No webhooks yet.</Typography> : null}
      {webhooks.data?.map((hook) => (
        <Paper key={hook.id} variant="outlined" sx={{ p: 2 }} aria-label={`Webhook ${hook.url}`}>
          {/* The address keeps at least 14rem of its line (the rest wraps below it), so a phone does not
              squeeze it to a letter or two per line. */}
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography
              sx={{ fontFamily: 'monospace', flex: '1 1 14rem', minWidth: 0, wordBreak: 'break-all' }}
            >
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
