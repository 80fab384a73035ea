import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import {
  type FormSubmission,
  type SubmissionStatus,
  submissionPreview,
} from '../../services/forms/formSubmissionsApi.ts';
import { useConfirmDelete } from '../common/useConfirmDelete.tsx';

/** Spec §4 colours: new red, read amber, replied green. */
export const STATUS_COLORS: Record<SubmissionStatus, { bg: string; fg: string }> = {
  new: { bg: '#d32f2f', fg: '#ffffff' },
  read: { bg: '#ffb300', fg: '#000000' },
  replied: { bg: '#2e7d32', fg: '#ffffff' },
};

export function StatusChip({ status }: { status: SubmissionStatus }) {
  const { bg, fg } = STATUS_COLORS[status];
  return <Chip size="small" label={status} data-status={status} sx={{ backgroundColor: bg, color: fg }} />;
}

const when = (iso: string) => new Date(iso).toLocaleString();

type ListProps = {
  submissions: FormSubmission[];
  selectedId: string | null;
  onOpen: (id: string) => void;
};

/** List View: one row per submission with the first 2 fields, cut to 30 characters. */
export function SubmissionList({ submissions, selectedId, onOpen }: ListProps) {
  return (
    <Paper variant="outlined" sx={{ flex: 1, minWidth: 280 }}>
      <List aria-label="Form submissions" disablePadding>
        {submissions.map((s) => (
          <ListItem key={s.id} disablePadding>
            <ListItemButton selected={s.id === selectedId} onClick={() => onOpen(s.id)}>
              <ListItemText
                primary={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Typography component="span" sx={{ flex: 1, fontWeight: s.status === 'new' ? 700 : 400 }}>
                      {s.formTitle} · {s.websiteName}
                    </Typography>
                    <StatusChip status={s.status} />
                  </Stack>
                }
                secondary={
                  <>
                    {submissionPreview(s.data).map((line) => (
                      <span key={line} style={{ display: 'block' }}>
                        {line}
                      </span>
                    ))}
                    <span style={{ display: 'block' }}>{when(s.submittedAt)}</span>
                  </>
                }
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}

// `onDelete` is left out for a role that may not delete: the pane then offers no Delete. A promise it returns
// keeps the confirmation open, busy, until the delete is done. `focusHeading`: the pane took the list's place
// (a phone), so its heading takes the focus, and a screen reader says what opened.
type DetailProps = {
  submission: FormSubmission;
  onDelete?: () => unknown;
  deleting: boolean;
  focusHeading?: boolean;
};

/** What a Delete confirmation names: the form, the first field (as the list shows it) and when it was sent. */
export function submissionDeletion(submission: FormSubmission): string {
  const [first] = submissionPreview(submission.data);
  const what = first ? ` (${first})` : '';
  return `The “${submission.formTitle}” submission${what}, sent ${when(submission.submittedAt)}, will be deleted for good. This cannot be undone.`;
}

/** The detail pane: every field, and Delete (asked first: a submission deleted cannot be had back). */
export function SubmissionDetail({ submission, onDelete, deleting, focusHeading = false }: DetailProps) {
  const confirm = useConfirmDelete();
  // Under the list (Database View, a narrow window) bring the opened submission into view (beside the list, on a
  // wide screen, it already is, and nothing moves); in the list's place, focus its heading (which scrolls to it).
  const pane = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!submission.id) return;
    if (focusHeading) heading.current?.focus();
    else pane.current?.scrollIntoView?.({ block: 'nearest' });
  }, [submission.id, focusHeading]);
  return (
    <Paper
      ref={pane}
      variant="outlined"
      sx={{ flex: 1, p: 2, minWidth: 280 }}
      aria-label="Submission details"
    >
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography
            ref={heading}
            tabIndex={-1}
            variant="h6"
            component="h3"
            sx={{ flex: 1, outline: 'none' }}
          >
            {submission.formTitle}
          </Typography>
          <StatusChip status={submission.status} />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {submission.websiteName} · {when(submission.submittedAt)}
        </Typography>
        <dl style={{ margin: 0 }}>
          {Object.entries(submission.data).map(([key, value]) => (
            <div key={key} style={{ marginBottom: 8 }}>
              <dt style={{ fontWeight: 600 }}>{key}</dt>
              <dd style={{ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{value}</dd>
            </div>
          ))}
        </dl>
        {onDelete ? (
          <Stack direction="row">
            <Button
              color="error"
              variant="outlined"
              onClick={() => confirm.ask('submission', submissionDeletion(submission), onDelete)}
              disabled={deleting}
            >
              Delete
            </Button>
          </Stack>
        ) : null}
        {confirm.dialog}
      </Stack>
    </Paper>
  );
}

/** Database View: a table with one column per field seen in any submission. */
export function SubmissionTable({ submissions, onOpen }: Omit<ListProps, 'selectedId'>) {
  const fields: string[] = [];
  for (const s of submissions)
    for (const key of Object.keys(s.data)) if (!fields.includes(key)) fields.push(key);
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Form submissions table">
        <TableHead>
          <TableRow>
            <TableCell>Submitted</TableCell>
            <TableCell>Website</TableCell>
            <TableCell>Form</TableCell>
            <TableCell>Status</TableCell>
            {fields.map((field) => (
              <TableCell key={field}>{field}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {submissions.map((s) => (
            <TableRow key={s.id} hover onClick={() => onOpen(s.id)} sx={{ cursor: 'pointer' }}>
              <TableCell>
                {/* The row is clicked with a mouse; its date is the button a keyboard or screen reader opens it with. */}
                <Link
                  component="button"
                  type="button"
                  onClick={(event) => {
                    event.stopPropagation();
                    onOpen(s.id);
                  }}
                >
                  {when(s.submittedAt)}
                </Link>
              </TableCell>
              <TableCell>{s.websiteName}</TableCell>
              <TableCell>{s.formTitle}</TableCell>
              <TableCell>
                <StatusChip status={s.status} />
              </TableCell>
              {fields.map((field) => (
                <TableCell key={field}>{s.data[field] ?? ''}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
