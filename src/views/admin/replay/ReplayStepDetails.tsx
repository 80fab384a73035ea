import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReplayStep } from '../../../machines/replay/replaySession.ts';
import { formatEventFields, formatOffset, formatStateValue, formatValue } from './replayFormatters.ts';

/** The step shown: who got which event, the state reached, and what changed in the context. */
export function ReplayStepDetails({ step }: { step: ReplayStep }) {
  const { entry } = step;
  const fields = formatEventFields(entry.event);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label="Current step">
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <Chip size="small" label={entry.actor} color={entry.actor === 'app' ? 'primary' : 'default'} />
          <Typography variant="body2" color="text.secondary">
            {formatOffset(entry.at)} · from {entry.source ?? 'the user or the browser'}
          </Typography>
        </Stack>
        <Typography>
          Event: <strong>{entry.event.type}</strong>
          {fields ? ` (${fields})` : ''}
        </Typography>
        <Typography>
          State: <strong data-testid="replay-state">{formatStateValue(entry.state)}</strong>
        </Typography>
        {step.replayed && (
          <Typography color={step.replayed.matches ? 'success.main' : 'warning.main'}>
            {step.replayed.matches
              ? 'The sandbox reaches the same state.'
              : `The sandbox reaches ${formatStateValue(step.replayed.state)} instead; it carries on from the recorded state.`}
          </Typography>
        )}
        {step.changes.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No context change.
          </Typography>
        ) : (
          <Table size="small" aria-label="Context changes">
            <TableHead>
              <TableRow>
                <TableCell>Context</TableCell>
                <TableCell>Before</TableCell>
                <TableCell>After</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {step.changes.map((change) => (
                <TableRow key={change.path}>
                  <TableCell>{change.path}</TableCell>
                  <TableCell>{formatValue(change.before)}</TableCell>
                  <TableCell>{formatValue(change.after)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}

const AROUND = 8;

/** The steps around the current one; choosing one goes there. */
export function ReplayStepList({
  steps,
  index,
  onSeek,
}: {
  steps: ReplayStep[];
  index: number;
  onSeek: (index: number) => void;
}) {
  const from = Math.max(0, index - AROUND);
  const shown = steps.slice(from, index + AROUND + 1);
  return (
    <List
      dense
      aria-label="Steps"
      sx={{ maxHeight: 280, overflow: 'auto', border: 1, borderColor: 'divider' }}
    >
      {shown.map((step, offset) => {
        const at = from + offset;
        return (
          <ListItem key={step.entry.seq} disablePadding>
            <ListItemButton selected={at === index} onClick={() => onSeek(at)}>
              <ListItemText
                primary={`${at + 1}. ${step.entry.actor} · ${step.entry.event.type}`}
                secondary={`→ ${formatStateValue(step.entry.state)}${step.replayed && !step.replayed.matches ? ' (differs in the sandbox)' : ''}`}
              />
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}
