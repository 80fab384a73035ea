import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import type { CollabSnapshot } from '../../canvas/collab.ts';
import { useCollab } from './builderContext.ts';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('') || '?';

function statusLabel({ status, saved }: CollabSnapshot): { label: string; hint: string } | null {
  switch (status) {
    case 'local':
      return null;
    case 'connecting':
      return { label: 'Connecting…', hint: 'Your changes are kept on this device meanwhile' };
    case 'online':
      return saved
        ? { label: 'All changes saved', hint: 'Every change is stored on the server' }
        : { label: 'Syncing…', hint: 'Changes reach the others at once and are stored in a moment' };
    case 'offline':
      return { label: 'Offline', hint: 'Changes are kept on this device and sync when you are back online' };
    case 'refused':
      return { label: 'Not syncing', hint: 'This session cannot sync this site; sign in again' };
  }
}

/** Builder header: who else is in the site (a colour per person) and whether changes are synced. */
export function CollabPresence() {
  const collab = useCollab();
  const status = statusLabel(collab);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      {collab.peers.length > 0 ? (
        <Box role="list" aria-label="Also editing" sx={{ display: 'flex' }}>
          {collab.peers.map((peer) => (
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
      {collab.readOnly ? <Chip size="small" color="info" label="View only" /> : null}
      {status ? (
        <Box role="status" aria-label="Sync status">
          <Tooltip title={status.hint} describeChild>
            <Chip
              size="small"
              variant="outlined"
              color={collab.status === 'offline' || collab.status === 'refused' ? 'warning' : 'default'}
              label={status.label}
            />
          </Tooltip>
        </Box>
      ) : null}
    </Box>
  );
}
