import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useId, useState } from 'react';
import { appRoute } from '../../contracts/appRoutes.ts';
import { type Campaign, type Contact, SCHEDULE_IN_PAST, scheduleInPast } from '../../contracts/crm.ts';
import { useAudienceSample, useCampaigns, useContactLists } from '../../services/crm/crmQueries.ts';
import { changedFields, nothingChanged } from '../common/changedFields.ts';
import { toLocalInput } from '../common/localDateTime.ts';
import { useBeforeUnload } from '../common/useBeforeUnload.ts';
import { useCan } from '../common/useCan.ts';
import { useKeptDraft } from '../common/useKeptDraft.ts';
import { useNavigate, useRoute } from '../common/useRoute.ts';
import { CrmFormDialog } from './CrmFormDialog.tsx';
import { campaignResult, campaignStatus, canRetry, NO_MAIL_SERVER } from './campaignResult.ts';
import { contactLabel } from './crmFormat.ts';
import { useCrmForm } from './useCrmForm.ts';

// Refusals naming these show under them; any other (content, audience, schedule) above the buttons.
const CAMPAIGN_FIELDS = ['name', 'subject'] as const;
const NO_FIELDS = [] as const;
const EMPTY_AUDIENCE = 'No contacts in this audience yet';
/** Why Send waits, said under it. */
export const NO_AUDIENCE_TO_SEND =
  'Choose who receives this campaign under "Audience (contact list)" and save it to send it.';
const SAVE_TO_SEND = 'Save the campaign to send it as it is now.';
const contactsCount = (n: number) => `${n} ${n === 1 ? 'contact' : 'contacts'}`;
const BLANK = { name: '', subject: '', content: '', contactListId: null as number | null, schedule: '' };

/** The editor's fields for a campaign, or blank for a new one. */
const formOf = (campaign: Campaign | null) =>
  campaign
    ? {
        name: campaign.name,
        subject: campaign.subject,
        content: campaign.content,
        contactListId: campaign.contactListId,
        schedule: toLocalInput(campaign.scheduledAt),
      }
    : BLANK;

/** Campaigns, one of them open (`?campaign=…`: a reload, a link or Back opens it again). */
const campaignsPlace = (id: number | null) =>
  appRoute('crm', { section: 'campaigns', ...(id === null ? {} : { campaign: String(id) }) });

// The same placeholders the server fills in ({{firstName}}, {{lastName}}, {{fullName}}, {{email}}, …).
function preview(template: string, contact: Contact | undefined): string {
  const values: Record<string, string> = contact
    ? {
        firstName: contact.firstName,
        lastName: contact.lastName,
        fullName: `${contact.firstName} ${contact.lastName}`.trim(),
        email: contact.email,
        company: contact.company,
        phone: contact.phone,
      }
    : {};
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? '');
}

/** What a campaign editor says when it shows changes typed before the owner went elsewhere. */
export const KEPT_CAMPAIGN_NOTE =
  'Your changes to this campaign are back: they are not saved yet. Save campaign to keep them, or Discard changes to throw them away.';

/** Campaigns: pick or start one, edit it with its audience, preview it for a contact, send it, watch its status. */
export function CampaignsView() {
  const campaigns = useCampaigns();
  const route = useRoute();
  const navigate = useNavigate();
  const selectedId = route.name === 'crm' && route.params.campaign ? Number(route.params.campaign) : null;
  const selected = campaigns.data?.find((c) => c.id === selectedId) ?? null;
  const canEdit = useCan('crm.edit');
  // Each campaign opened gets an editor of its own (its fields, its kept changes); a new campaign keeps its
  // editor once saved, as it is the same campaign.
  const [created, setCreated] = useState<number | null>(null);
  const [editor, setEditor] = useState({ for: selectedId, key: 0 });
  if (selectedId !== editor.for) {
    const same = selectedId !== null && selectedId === created;
    setEditor({ for: selectedId, key: same ? editor.key : editor.key + 1 });
    setCreated(null);
  }
  const onCreated = useCallback(
    (id: number) => {
      setCreated(id);
      navigate(campaignsPlace(id), { replace: true });
    },
    [navigate],
  );
  const handleSelect = (campaign: Campaign | null) => navigate(campaignsPlace(campaign?.id ?? null));

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
      <Paper sx={{ minWidth: 260 }}>
        <List aria-label="Campaigns">
          {canEdit ? (
            <ListItem disablePadding>
              <ListItemButton selected={!selected} onClick={() => handleSelect(null)}>
                <ListItemText primary="New campaign" />
              </ListItemButton>
            </ListItem>
          ) : null}
          {(campaigns.data ?? []).map((c) => (
            <ListItem key={c.id} disablePadding>
              <ListItemButton selected={c.id === selectedId} onClick={() => handleSelect(c)}>
                <ListItemText
                  primary={c.name}
                  secondary={c.status === 'sent' ? campaignResult(c.stats) : campaignStatus(c)}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Paper>
      {!canEdit && !selected ? (
        <Typography sx={{ flex: 1 }} color="text.secondary">
          Choose a campaign to read it.
        </Typography>
      ) : selectedId === null || selected || campaigns.isSuccess ? (
        // A campaign named in the address opens once the list has it.
        <CampaignEditor
          key={editor.key}
          id={selectedId}
          selected={selected}
          canEdit={canEdit}
          onCreated={onCreated}
        />
      ) : null}
    </Stack>
  );
}

/**
 * One campaign's editor (`selected`, or a new one): what is typed stays through leaving it (another campaign,
 * another place, a reload) until it is saved or discarded. It is kept under the campaign of the address (`id`):
 * a new campaign's text moves to its id as soon as it is saved, so New campaign opens blank again.
 */
function CampaignEditor({
  id,
  selected,
  canEdit,
  onCreated,
}: {
  id: number | null;
  selected: Campaign | null;
  canEdit: boolean;
  onCreated: (id: number) => void;
}) {
  const lists = useContactLists().data ?? [];
  const [form, setForm] = useState(() => formOf(selected));
  // The campaign as the editor last took it from the server: what was typed is what differs from it.
  const [base, setBase] = useState(() => formOf(selected));
  const typed = changedFields(form, base);
  const current = formOf(selected);
  if (!nothingChanged(changedFields(current, base))) {
    // Changed on the server (another member, a save's answer): the editor follows it, keeping what was typed.
    setBase(current);
    setForm({ ...current, ...typed });
  }
  // Send waits for these to be saved.
  const unsaved = !nothingChanged(typed);
  const editable = canEdit && (!selected || selected.status === 'draft' || selected.status === 'scheduled');
  const keptNote = useKeptDraft(`crm.campaign.${id ?? 'new'}`, {
    values: form,
    changed: unsaved && editable,
    restore: setForm,
    keepOnLeave: { note: KEPT_CAMPAIGN_NOTE },
  });
  useBeforeUnload(unsaved && editable);
  // A new campaign, once saved, is the one being edited: saving again updates it (it made a second draft).
  const save = useCrmForm(
    CAMPAIGN_FIELDS,
    useCallback(
      (id: number | null) => {
        if (id !== null && !selected) onCreated(id);
      },
      [selected, onCreated],
    ),
  );
  // The preview's recipient is the first contact of the chosen audience, so it is someone the send reaches.
  const sample = useAudienceSample(form.contactListId).data ?? undefined;
  const [confirming, setConfirming] = useState(false);
  const closeConfirm = useCallback(() => setConfirming(false), []);
  const send = useCrmForm(NO_FIELDS, closeConfirm);
  const retry = useCrmForm(
    NO_FIELDS,
    useCallback(() => {}, []),
  );
  // The confirmation names a real recipient: the first contact of the campaign's own audience.
  const recipient = useAudienceSample(selected?.contactListId ?? null).data ?? null;
  const audience = lists.find((list) => list.id === selected?.contactListId) ?? null;

  // A typed schedule already past: said under the field, and Save waits (it would send at once). A schedule kept
  // from before is not typed, and is not sent again.
  const typedSchedule = selected ? typed.schedule : form.schedule;
  const pastSchedule = Boolean(typedSchedule) && scheduleInPast(typedSchedule ?? '');
  const sendWaitsId = useId();
  // Why Send is disabled: no audience (saved or typed) comes first, as saving alone would not do.
  const sendWaits =
    canEdit && selected && editable
      ? form.contactListId === null
        ? NO_AUDIENCE_TO_SEND
        : unsaved
          ? SAVE_TO_SEND
          : null
      : null;
  const handleSave = () => {
    if (pastSchedule) return;
    // A campaign saved before sends only what was typed: another member's edit of another field stays; with
    // nothing typed it is saved as it is (the server takes no empty update).
    if (selected && !unsaved) return;
    const { schedule, ...fields } = selected ? typed : form;
    const input = {
      ...fields,
      ...(schedule === undefined ? {} : { scheduledAt: schedule ? new Date(schedule).toISOString() : null }),
    };
    save.submit({ kind: 'saveCampaign', id: selected?.id ?? null, input });
  };

  return (
    <Stack spacing={2} sx={{ flex: 1 }}>
      {selected && <Chip label={`Status: ${campaignStatus(selected)}`} sx={{ alignSelf: 'flex-start' }} />}
      {keptNote ? <Alert severity="info">{keptNote}</Alert> : null}
      <TextField
        label="Campaign name"
        value={form.name}
        disabled={!editable}
        error={Boolean(save.fieldError('name'))}
        helperText={save.fieldError('name')}
        onChange={(e) => setForm({ ...form, name: e.target.value })}
      />
      <TextField
        select
        label="Audience (contact list)"
        value={form.contactListId ?? ''}
        disabled={!editable}
        onChange={(e) =>
          setForm({ ...form, contactListId: e.target.value === '' ? null : Number(e.target.value) })
        }
      >
        <MenuItem value="">No list</MenuItem>
        {lists.map((list) => (
          <MenuItem key={list.id} value={list.id}>
            {list.name} ({list.contactCount})
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Subject"
        value={form.subject}
        disabled={!editable}
        error={Boolean(save.fieldError('subject'))}
        helperText={save.fieldError('subject')}
        onChange={(e) => setForm({ ...form, subject: e.target.value })}
      />
      <TextField
        label="Content"
        helperText="Placeholders: {{firstName}}, {{lastName}}, {{fullName}}, {{email}}, {{company}}, {{phone}}"
        multiline
        minRows={4}
        value={form.content}
        disabled={!editable}
        onChange={(e) => setForm({ ...form, content: e.target.value })}
      />
      <TextField
        label="Schedule for (empty: send by hand)"
        type="datetime-local"
        value={form.schedule}
        disabled={!editable}
        error={editable && pastSchedule}
        helperText={editable && pastSchedule ? SCHEDULE_IN_PAST : undefined}
        onChange={(e) => setForm({ ...form, schedule: e.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Paper variant="outlined" sx={{ p: 2 }} aria-label="Preview">
        <Typography variant="overline">
          {sample
            ? `Preview for ${contactLabel(sample)}${sample.email ? ` (${sample.email})` : ''}`
            : 'Preview'}
        </Typography>
        {form.contactListId === null ? (
          <Typography color="text.secondary">
            Choose an audience to preview the message for one of its contacts.
          </Typography>
        ) : sample ? (
          <>
            <Typography variant="subtitle1">{preview(form.subject, sample)}</Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>{preview(form.content, sample)}</Typography>
          </>
        ) : (
          <Typography color="text.secondary">{EMPTY_AUDIENCE}</Typography>
        )}
      </Paper>
      {save.alert ? <Alert severity="error">{save.alert}</Alert> : null}
      {selected?.status === 'sending' && (
        <Stack spacing={1} aria-label="Sending progress">
          <Typography>
            Sending… {selected.stats.sent + selected.stats.failed + selected.stats.outbox} done so far
          </Typography>
          <LinearProgress />
        </Stack>
      )}
      {selected?.status === 'sent' && (
        <Alert
          severity={selected.stats.failed > 0 ? 'warning' : selected.stats.sent > 0 ? 'success' : 'info'}
          action={
            canEdit && canRetry(selected.stats) ? (
              <Button
                color="inherit"
                size="small"
                disabled={retry.saving}
                onClick={() => retry.submit({ kind: 'retryCampaign', id: selected.id })}
              >
                Retry
              </Button>
            ) : undefined
          }
        >
          {campaignResult(selected.stats)}
          {selected.stats.outbox > 0 ? (
            <Typography variant="body2" sx={{ mt: 1 }}>
              {NO_MAIL_SERVER}
            </Typography>
          ) : null}
        </Alert>
      )}
      {retry.alert ? <Alert severity="error">{retry.alert}</Alert> : null}
      {canEdit ? (
        <Stack direction="row" spacing={1}>
          <Button
            variant="contained"
            disabled={!editable || !form.name.trim() || save.saving || pastSchedule}
            onClick={handleSave}
          >
            Save campaign
          </Button>
          {selected && editable && (
            <Button
              color="secondary"
              variant="contained"
              disabled={selected.contactListId === null || unsaved}
              aria-describedby={sendWaits ? sendWaitsId : undefined}
              onClick={() => setConfirming(true)}
            >
              Send campaign
            </Button>
          )}
          {editable && unsaved ? (
            <Button disabled={save.saving} onClick={() => setForm(base)}>
              Discard changes
            </Button>
          ) : null}
        </Stack>
      ) : null}
      {sendWaits ? (
        <Typography id={sendWaitsId} variant="body2" color="text.secondary">
          {sendWaits}
        </Typography>
      ) : null}
      {confirming && selected ? (
        <CrmFormDialog
          title={`Send '${selected.name}' to ${contactsCount(audience?.contactCount ?? 0)}?`}
          saveLabel="Send"
          canSave={(audience?.contactCount ?? 0) > 0}
          saving={send.saving}
          alert={send.alert}
          onSave={() => send.submit({ kind: 'sendCampaign', id: selected.id })}
          onClose={closeConfirm}
        >
          {(audience?.contactCount ?? 0) > 0 ? (
            <>
              <Typography>Each contact of {audience?.name} with an email address gets it once.</Typography>
              {recipient ? (
                <Typography>
                  Sample recipient: {contactLabel(recipient)}
                  {recipient.email ? ` (${recipient.email})` : ''}
                </Typography>
              ) : null}
            </>
          ) : (
            <Typography color="text.secondary">{EMPTY_AUDIENCE}</Typography>
          )}
        </CrmFormDialog>
      ) : null}
    </Stack>
  );
}
