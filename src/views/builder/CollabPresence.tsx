import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { type SaveStatus, selectPeers, useCollabSelector, useSaveStatus } from './builderContext.ts';

const selectReadOnly = (snapshot: { readOnly: boolean }) => snapshot.readOnly;

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('') || '?';

const LABELS: Record<SaveStatus, { label: string; hint: string }> = {
  saving: { label: 'Saving…', hint: 'Your changes are on their way to the server' },
  saved: { label: 'All changes saved', hint: 'Every change is stored on the server' },
  offline: {
    label: 'Offline — changes kept on this device',
    hint: 'Your changes are saved to the server when you are back online',
  },
  refused: { label: 'Not syncing', hint: 'This session cannot sync this site; sign in again' },
  gone: {
    label: 'Site deleted — use Save as to keep your work',
    hint: 'This site was deleted, here or on another device; Save as keeps what you see as a new site',
  },
};

/** Builder header: who else is in the site (a colour per person) and whether every change is saved. */
export function CollabPresence() {
  const peers = useCollabSelector(selectPeers);
  const readOnly = useCollabSelector(selectReadOnly);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      {peers.length > 0 ? (
        <Box role="list" aria-label="Also editing" sx={{ display: 'flex' }}>
          {peers.map((peer) => (
            <Tooltip key={peer.userId} title={peer.name}>
              <Avatar
                role="listitem"
                aria-label={peer.name}
                sx={{
                  bgcolor: peer.color,
                  width: 32,
                  height: 32,
                  fontSize: 14,
                  ml: -0.5,
                  border: '2px solid #fff',
                }}
              >
                {initials(peer.name)}
              </Avatar>
            </Tooltip>
          ))}
        </Box>
      ) : null}
      {readOnly ? <Chip size="small" color="info" label="View only" /> : null}
      <SaveStatusChip />
    </Box>
  );
}

/** The save status alone: the one part of the header an edit changes (Saving… then All changes saved). */
function SaveStatusChip() {
  const saveStatus = useSaveStatus();
  const status = saveStatus ? LABELS[saveStatus] : null;
  return status ? (
    <Box role="status" aria-label="Sync status">
      <Tooltip title={status.hint} describeChild>
        <Chip
          size="small"
          variant="outlined"
          color={saveStatus === 'saving' || saveStatus === 'saved' ? 'default' : 'warning'}
          label={status.label}
        />
      </Tooltip>
    </Box>
  ) : null;
}
