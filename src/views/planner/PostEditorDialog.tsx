import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { shallowEqual, useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import {
  CHANNEL_LABELS,
  CHANNEL_LIMITS,
  postLength,
  SOCIAL_CHANNELS,
  type SocialChannel,
} from '../../contracts/social.ts';
import { channelPublishWarning } from '../../contracts/socialPublishing.ts';
import { selectPlannerRef } from '../../machines/app/appSelectors.ts';
import {
  emptyDraft,
  type PostDraft,
  selectDraft,
  selectDraftChanged,
  selectEditorBusy,
  selectEditorError,
  selectEditorOpen,
} from '../../machines/planner/plannerEditorMachine.ts';
import { useHttp } from '../../services/http/httpContext.ts';
import { useIntegrations } from '../../services/planner/plannerQueries.ts';
import { uploadPostImage } from '../../services/planner/socialApi.ts';
import { useAppActor } from '../appActorContext.ts';
import { toLocalInput } from '../common/localDateTime.ts';
import { useCan } from '../common/useCan.ts';
import { useConfirmDelete } from '../common/useConfirmDelete.tsx';
import { useKeptDraft } from '../common/useKeptDraft.ts';
import { fromLocalInput } from './calendarDates.ts';

const closedDraft = emptyDraft();

/** Create or edit a post: channel, text with its channel's limit, image, time, draft or scheduled. */
export function PostEditorDialog() {
  const planner = useSelector(useAppActor(), selectPlannerRef);
  const http = useHttp();
  const open = useSelector(planner, (s) => (s ? selectEditorOpen(s) : false));
  const draft = useSelector(planner, (s) => (s ? selectDraft(s) : closedDraft), shallowEqual);
  const error = useSelector(planner, (s) => (s ? selectEditorError(s) : null));
  const busy = useSelector(planner, (s) => (s ? selectEditorBusy(s) : false));
  const changed = useSelector(planner, (s) => (s ? selectDraftChanged(s) : false));
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  // A post is deleted only after the in-app question, as every other record is: a stray click loses nothing.
  const confirm = useConfirmDelete();
  const channelNoteId = useId();
  if (!planner || !draft) return null;

  const change = (changes: Partial<Omit<PostDraft, 'id'>>) =>
    planner.send({ type: 'planner.change', changes });
  const length = postLength(draft.text.trim());
  const limit = CHANNEL_LIMITS[draft.channel];

  const handleFile = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    setUploadError(null);
    try {
      change({ imageUrl: await uploadPostImage(http, file) });
    } catch {
      setUploadError('The image could not be uploaded');
    } finally {
      setUploading(false);
    }
  };

  return (
    <>
      <Dialog open={open} onClose={() => planner.send({ type: 'planner.dismiss' })} fullWidth maxWidth="sm">
        <DialogTitle>{draft.id === null ? 'New post' : 'Edit post'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            <KeptPostNote draft={draft} changed={changed} restore={change} />
            <TextField
              select
              label="Channel"
              value={draft.channel}
              onChange={(e) => change({ channel: e.target.value as SocialChannel })}
              slotProps={{ htmlInput: { 'aria-describedby': channelNoteId } }}
            >
              {SOCIAL_CHANNELS.map((channel) => (
                <MenuItem key={channel} value={channel}>
                  {CHANNEL_LABELS[channel]}
                </MenuItem>
              ))}
            </TextField>
            <ChannelWarning channel={draft.channel} id={channelNoteId} />
            <TextField
              label="Text"
              multiline
              minRows={4}
              value={draft.text}
              onChange={(e) => change({ text: e.target.value })}
              error={length > limit}
              helperText={`${length} / ${limit} characters`}
            />
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Button component="label" variant="outlined" disabled={uploading}>
                {uploading ? 'Uploading…' : 'Upload image'}
                <input
                  hidden
                  type="file"
                  accept="image/*"
                  onChange={(e) => void handleFile(e.target.files?.[0])}
                />
              </Button>
              {draft.imageUrl ? (
                <>
                  <img src={draft.imageUrl} alt="Post" style={{ maxHeight: 48, borderRadius: 4 }} />
                  <Button size="small" onClick={() => change({ imageUrl: '' })}>
                    Remove image
                  </Button>
                </>
              ) : null}
            </Stack>
            {uploadError ? <Alert severity="error">{uploadError}</Alert> : null}
            <TextField
              label="Date and time"
              type="datetime-local"
              value={toLocalInput(draft.scheduledAt)}
              onChange={(e) => change({ scheduledAt: fromLocalInput(e.target.value) })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            {error ? <Alert severity="error">{error}</Alert> : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          {draft.id !== null ? (
            <Button
              color="error"
              disabled={busy}
              onClick={() =>
                confirm.ask('post', 'It leaves the planner and will not be published.', () =>
                  planner.send({ type: 'planner.delete' }),
                )
              }
              sx={{ mr: 'auto' }}
            >
              Delete
            </Button>
          ) : null}
          <Button onClick={() => planner.send({ type: 'planner.cancel' })}>Cancel</Button>
          <Button
            disabled={busy}
            onClick={() => {
              change({ status: 'draft' });
              planner.send({ type: 'planner.save' });
            }}
          >
            Save draft
          </Button>
          <Button
            variant="contained"
            disabled={busy}
            onClick={() => {
              change({ status: 'scheduled' });
              planner.send({ type: 'planner.save' });
            }}
          >
            Schedule
          </Button>
        </DialogActions>
      </Dialog>
      {confirm.dialog}
    </>
  );
}

/**
 * Keeps the post being typed through an expired session (see useKeptDraft.ts) and says so when it is back.
 * Inside the dialog, so it mounts as the editor opens and unmounts as it closes.
 */
function KeptPostNote({
  draft: { id, ...values },
  changed,
  restore,
}: {
  draft: PostDraft;
  changed: boolean;
  restore: (values: Omit<PostDraft, 'id'>) => void;
}) {
  const note = useKeptDraft(`social.post.${id ?? 'new'}`, { values, changed, restore });
  return note ? <Alert severity="info">{note}</Alert> : null;
}

/**
 * Under the channel: a post for a channel that cannot publish (its integration not connected, or none) is saved
 * all the same, but the owner is told what will happen at its time and what to do. Inside the dialog, so the
 * integrations are read as the editor opens.
 */
function ChannelWarning({ channel, id }: { channel: SocialChannel; id: string }) {
  const integrations = useIntegrations();
  const canManage = useCan('integrations.manage');
  const warning = integrations.data ? channelPublishWarning(channel, integrations.data, canManage) : null;
  return warning ? (
    <Alert severity="warning" id={id}>
      {warning}
    </Alert>
  ) : null;
}
