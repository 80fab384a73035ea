import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridPaginationModel } from '@mui/x-data-grid';
import { useEffect } from 'react';
import { appRoute } from '../../contracts/appRoutes.ts';
import { type InboxItem, type InboxKind, parseInboxItemId } from '../../contracts/crm.ts';
import { useInbox, useInboxItem } from '../../services/crm/crmQueries.ts';
import { useOpenSubmission } from '../../services/forms/formQueries.ts';
import { type SubmissionStatus, submissionPreview } from '../../services/forms/formSubmissionsApi.ts';
import { ApiError } from '../../services/http/ApiError.ts';
import { DATE_COLUMN, DataTable, formatDateTime } from '../common/DataTable.tsx';
import { useNavigate, useRoute } from '../common/useRoute.ts';
import { PAGE_SIZES, pageOf, pageSizeOf, shownOf } from '../common/useServerPaging.ts';
import { StatusChip } from '../forms/SubmissionViews.tsx';

const KIND_LABELS: Record<InboxKind, string> = { form: 'Form submission', message: 'Message' };
const FORM_STATUSES = new Set<string>(['new', 'read', 'replied']);

/** A row's preview: a form's first 2 fields cut to 30 characters (as the form inbox), a message's start. */
export function inboxPreview(item: InboxItem): string {
  return item.data ? submissionPreview(item.data).join(' · ') : item.body;
}

function InboxStatus({ item }: { item: InboxItem }) {
  if (item.kind === 'form' && FORM_STATUSES.has(item.status)) {
    return <StatusChip status={item.status as SubmissionStatus} />;
  }
  const color = item.status === 'sent' ? 'success' : item.status === 'failed' ? 'error' : 'default';
  return <Chip size="small" label={item.status} color={color} />;
}

const columns: GridColDef<InboxItem>[] = [
  { field: 'at', headerName: 'When', ...DATE_COLUMN },
  { field: 'kind', headerName: 'Kind', width: 140, valueGetter: (v: InboxKind) => KIND_LABELS[v] },
  {
    field: 'from',
    headerName: 'From',
    flex: 1,
    valueGetter: (v: string, row) => v || (row.kind === 'form' ? 'Visitor' : ''),
  },
  { field: 'to', headerName: 'To', flex: 1 },
  { field: 'subject', headerName: 'Subject / form', flex: 1 },
  { field: 'preview', headerName: 'Preview', flex: 2, valueGetter: (_, row) => inboxPreview(row) },
  { field: 'status', headerName: 'Status', width: 110, renderCell: ({ row }) => <InboxStatus item={row} /> },
];

const ITEM_PROBLEMS = {
  missing: 'This item is no longer in the inbox: it may have been deleted. Close to see the list.',
  failed: 'This item could not be loaded. Close and open it again in a moment.',
} as const;

/**
 * What an opened row shows: every field of a form submission, or a whole message. `item` is what is known so far
 * (the row, until the server's answer); `problem` when the server has no such item (deleted, or a wrong link) or
 * could not answer, and nothing of it is known.
 */
function InboxDetail({
  item,
  problem,
  onClose,
}: {
  item: InboxItem | undefined;
  problem: keyof typeof ITEM_PROBLEMS | null;
  onClose: () => void;
}) {
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{item ? item.subject || KIND_LABELS[item.kind] : 'Unified Inbox'}</DialogTitle>
      <DialogContent>
        {problem && (problem === 'missing' || !item) ? (
          <Typography>{ITEM_PROBLEMS[problem]}</Typography>
        ) : item ? (
          <Stack spacing={1}>
            <Typography variant="body2" color="text.secondary">
              {KIND_LABELS[item.kind]} · {formatDateTime(item.at)} · {item.from || 'Visitor'}
              {item.to ? ` → ${item.to}` : ''}
            </Typography>
            <InboxStatus item={item} />
            {item.data ? (
              Object.entries(item.data).map(([label, value]) => (
                <Typography key={label}>
                  <strong>{label}:</strong> {value}
                </Typography>
              ))
            ) : (
              <Typography sx={{ whiteSpace: 'pre-wrap' }}>{item.body}</Typography>
            )}
          </Stack>
        ) : (
          <Typography color="text.secondary">Loading…</Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

type InboxPlace = { show: InboxKind | undefined; page: number; pageSize: number; item?: string };

/**
 * Unified Inbox: the account's form submissions and CRM messages in one list, newest first. What it shows, its
 * page and the opened item are in the address (`/crm/inbox?show=form&page=2&size=50&item=form-12`), so a reload,
 * Back or a link shows the same rows and the same item.
 */
export function UnifiedInboxView() {
  const route = useRoute();
  const navigate = useNavigate();
  const params = route.name === 'crm' ? route.params : {};
  const kind = params.show ?? 'all';
  const paging: GridPaginationModel = {
    page: pageOf(params.page) - 1,
    pageSize: pageSizeOf(params.size),
  };
  const go = ({ show, page, pageSize, item }: InboxPlace) =>
    navigate(appRoute('crm', { section: 'inbox', show, ...shownOf({ page, pageSize }), item }));
  const setPaging = (model: GridPaginationModel) => {
    // A new page size starts again at the first page; the same place again is no step.
    const page = model.pageSize === paging.pageSize ? model.page : 0;
    if (page === paging.page && model.pageSize === paging.pageSize) return;
    go({ show: params.show, page: page + 1, pageSize: model.pageSize });
  };
  const inbox = useInbox({
    page: paging.page + 1,
    pageSize: paging.pageSize,
    ...(kind === 'all' ? {} : { kind }),
  });
  const openedPlace = parseInboxItemId(params.item);
  const opened = useInboxItem(openedPlace);
  const openedRow = inbox.data?.items.find((row) => row.id === params.item);
  const here = { show: params.show, page: paging.page + 1, pageSize: paging.pageSize };

  // An opened form submission is read (new → read on the server), however it was opened: a click or its address.
  const { mutate: markRead } = useOpenSubmission();
  const unreadForm =
    opened.data?.kind === 'form' && opened.data.status === 'new' ? opened.data.sourceId : null;
  useEffect(() => {
    if (unreadForm !== null) markRead(String(unreadForm));
  }, [unreadForm, markRead]);

  return (
    <Stack spacing={2}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={kind}
        aria-label="Show"
        onChange={(_, next: InboxKind | 'all' | null) => {
          if (!next) return;
          go({ show: next === 'all' ? undefined : next, page: 1, pageSize: paging.pageSize });
        }}
      >
        <ToggleButton value="all">All</ToggleButton>
        <ToggleButton value="form">Form submissions</ToggleButton>
        <ToggleButton value="message">Messages</ToggleButton>
      </ToggleButtonGroup>
      <DataTable<InboxItem>
        label="Unified Inbox"
        emptyLabel="No records found"
        rows={inbox.data?.items ?? []}
        rowCount={inbox.data?.totalCount ?? 0}
        columns={columns}
        loading={inbox.isFetching}
        paginationMode="server"
        paginationModel={paging}
        onPaginationModelChange={setPaging}
        pageSizeOptions={[...PAGE_SIZES]}
        onRowClick={({ row }) => go({ ...here, item: row.id })}
        sx={{ border: 0, minHeight: 200, '& .MuiDataGrid-row': { cursor: 'pointer' } }}
      />
      {openedPlace && (
        <InboxDetail
          item={opened.data ?? openedRow}
          problem={
            opened.error instanceof ApiError && opened.error.status === 404
              ? 'missing'
              : opened.isError
                ? 'failed'
                : null
          }
          onClose={() => go(here)}
        />
      )}
    </Stack>
  );
}
