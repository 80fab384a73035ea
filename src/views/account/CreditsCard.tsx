import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { MY_CREDITS_LIMIT } from '../../contracts/myCredits.ts';
import { useMyCredits } from '../../services/admin/myCreditsQueries.ts';
import type { MyCreditEntry } from '../../services/admin/reviewApi.ts';
import { formatDay } from '../common/dates.ts';

export const NO_CREDITS_YET = 'You have no credits yet. Leave a review with the star button to earn credits.';
export const CREDITS_LOAD_FAILED = 'Your credits could not be loaded. Choose Try again, or reload the page.';

/** Credits with their sign: "+10", "-3". */
export const signedCredits = (credits: number): string => (credits > 0 ? `+${credits}` : String(credits));

/**
 * User Settings › Credits: the signed-in user's balance and where it came from (their latest entries, newest
 * first); with none yet, how to earn some (the star button's review popup).
 */
export function CreditsCard() {
  const credits = useMyCredits();
  const headingId = useId();

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2, maxWidth: 560 }}>
      <Stack spacing={1.5}>
        <Typography variant="h6" component="h3" id={headingId}>
          Credits
        </Typography>
        {credits.isPending ? (
          <Typography color="text.secondary">Loading your credits…</Typography>
        ) : credits.isError ? (
          <Alert
            severity="error"
            action={
              <Button
                color="inherit"
                size="small"
                disabled={credits.isFetching}
                onClick={() => void credits.refetch()}
              >
                Try again
              </Button>
            }
          >
            {CREDITS_LOAD_FAILED}
          </Alert>
        ) : (
          <>
            <Typography>
              Your credits: <strong>{credits.data.balance}</strong>
            </Typography>
            {credits.data.entries.length === 0 ? (
              <Typography color="text.secondary">{NO_CREDITS_YET}</Typography>
            ) : (
              <CreditHistory entries={credits.data.entries} />
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}

function CreditHistory({ entries }: { entries: readonly MyCreditEntry[] }) {
  return (
    <>
      <Table size="small" aria-label="Credit history">
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell align="right">Credits</TableCell>
            <TableCell>Description</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry) => (
            <TableRow key={entry.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(entry.createdAt)}</TableCell>
              <TableCell align="right" sx={{ color: entry.credits < 0 ? 'error.main' : 'success.main' }}>
                {signedCredits(entry.credits)}
              </TableCell>
              {/* An entry without words says where it came from (its source: review, admin…). */}
              <TableCell>{entry.description || entry.source}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {entries.length >= MY_CREDITS_LIMIT && (
        <Typography variant="body2" color="text.secondary">
          Your latest {MY_CREDITS_LIMIT} entries are shown; your credits count them all.
        </Typography>
      )}
    </>
  );
}
