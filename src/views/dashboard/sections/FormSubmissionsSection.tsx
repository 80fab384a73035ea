import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import {
  useDeleteSubmission,
  useFormSubmissions,
  useOpenedSubmission,
  useSubmissionsExport,
} from '../../../services/forms/formQueries.ts';
import { submissionsCsv } from '../../../services/forms/formSubmissionsCsv.ts';
import { ApiError } from '../../../services/http/ApiError.ts';
import { useWebsites } from '../../../services/http/queries.ts';
import { useCan } from '../../common/useCan.ts';
import { SubmissionsPager, SubmissionsToolbar, type ViewMode } from '../../forms/SubmissionsToolbar.tsx';
import { SubmissionDetail, SubmissionList, SubmissionTable } from '../../forms/SubmissionViews.tsx';
import { siteLabels } from '../../forms/siteLabels.ts';
import { useFormsPlace } from '../../forms/useFormsPlace.ts';
import type { SectionProps } from '../SectionPlaceholder.tsx';

/** What a link to a submission or a website that is gone says, above the inbox it still shows. */
export const SUBMISSION_GONE = 'This submission was deleted or does not exist.';
export const SITE_GONE = 'This website does not exist or was deleted; showing all websites.';

const phoneWidth = (theme: Theme) => theme.breakpoints.down('sm');

/** Downloads `form_submissions.csv` (spec §9) from text made in the browser. */
function download(csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'form_submissions.csv';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The Form Submissions manager (spec §2): List View / Database View, Export CSV, total count, detail pane. Its
 * place is in the address (`useFormsPlace`): the website filter (where a website card's Forms button leads), the
 * search and page the server is asked for, and the opened submission. On a phone the opened submission shows in
 * place of the list.
 */
export function FormSubmissionsSection({ title, onNavigate }: SectionProps) {
  const place = useFormsPlace();
  const websites = useWebsites();
  const sites = websites.data ?? [];
  const asked = place.siteId;
  // A website no longer in the list (deleted, another account's) is said so, and every website's submissions show.
  const siteGone = asked !== null && websites.isSuccess && !sites.some((site) => site.id === asked);
  const siteId = siteGone ? null : asked;
  const { query } = place.paging;
  const submissions = useFormSubmissions(
    { websiteId: siteId, search: query.search, page: query.page },
    // Until the websites are known, a filter asked for may name none: wait, rather than show a wrong inbox.
    asked === null || !websites.isPending,
  );
  const selectedId = place.submissionId;
  const opened = useOpenedSubmission(selectedId);
  const submissionGone = opened.error instanceof ApiError && opened.error.status === 404;
  const remove = useDeleteSubmission();
  const exporting = useSubmissionsExport();
  const canManage = useCan('forms.manage');
  const phone = useMediaQuery(phoneWidth);
  const [mode, setMode] = useState<ViewMode>('list');
  const [notices, setNotices] = useState<readonly string[]>([]);
  const labels = useMemo(() => siteLabels(sites), [sites]);
  const named = <T extends { websiteId: string; websiteName: string }>(s: T): T => ({
    ...s,
    websiteName: labels.get(s.websiteId) ?? s.websiteName,
  });
  const rows = submissions.data?.rows ?? [];
  const list = rows.map(named);
  const total = submissions.data?.totalCount ?? 0;
  const found = opened.data?.id === selectedId ? opened.data : list.find((s) => s.id === selectedId);
  const selected = found && selectedId !== null && !submissionGone ? named(found) : null;

  // A param that names nothing is said once and dropped from the address, without a Back step.
  const notice = useEffectEvent((message: string, param: 'site' | 'submission') => {
    setNotices((shown) => (shown.includes(message) ? shown : [...shown, message]));
    place.forget(param);
  });
  useEffect(() => {
    if (siteGone) notice(SITE_GONE, 'site');
  }, [siteGone]);
  useEffect(() => {
    if (submissionGone) notice(SUBMISSION_GONE, 'submission');
  }, [submissionGone]);
  // A page past the last one (an old link, or the last rows deleted) shows the last page.
  const lastPage = Math.max(1, Math.ceil(total / query.pageSize));
  const pastEnd = submissions.isSuccess && !submissions.isPlaceholderData && query.page > lastPage;
  const toLastPage = useEffectEvent(() => place.replacePage(lastPage));
  useEffect(() => {
    if (pastEnd) toLastPage();
  }, [pastEnd]);

  const handleOpen = (id: string) => {
    setNotices((shown) => shown.filter((message) => message !== SUBMISSION_GONE));
    place.open(id);
  };
  const handleDelete = () => {
    if (!selected) return;
    return remove.mutateAsync(selected.id, { onSuccess: () => place.close(true) });
  };
  // Every match of the search (and website filter), not only the page shown; a failure is the usual toast.
  const handleExport = () =>
    exporting.mutate(
      { websiteId: siteId, search: query.search },
      { onSuccess: (all) => download(submissionsCsv(all.map(named))) },
    );

  const detail = selected ? (
    <SubmissionDetail
      submission={selected}
      onDelete={canManage ? handleDelete : undefined}
      deleting={remove.isPending}
      focusHeading={phone}
    />
  ) : null;
  const pager = <SubmissionsPager paging={place.paging} total={total} />;
  const searching = query.search.trim() !== '';
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h2">
        {title}
      </Typography>
      <SubmissionsToolbar
        sites={sites}
        labels={labels}
        siteId={siteId}
        onSite={place.chooseSite}
        mode={mode}
        onMode={setMode}
        paging={place.paging}
        canExport={total > 0 && !exporting.isPending}
        onExport={handleExport}
      />
      {notices.map((message) => (
        <Alert
          key={message}
          severity="warning"
          onClose={() => setNotices((shown) => shown.filter((m) => m !== message))}
        >
          {message}
        </Alert>
      ))}
      <Typography variant="body2" color="text.secondary">
        Total: {total} submission{total === 1 ? '' : 's'}
      </Typography>
      {submissions.isPending ? <CircularProgress aria-label="Loading submissions" /> : null}
      {submissions.isSuccess && total === 0 && !searching ? (
        <Alert
          severity="info"
          action={
            onNavigate ? (
              <Button color="inherit" size="small" onClick={() => onNavigate('websites')}>
                Add a form to a website
              </Button>
            ) : undefined
          }
        >
          No form submissions yet
        </Alert>
      ) : null}
      {submissions.isSuccess && total === 0 && searching ? (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" onClick={() => place.paging.setSearch('')}>
              Clear search
            </Button>
          }
        >
          No submissions match “{query.search.trim()}”. Try other words, or clear the search to see them all.
        </Alert>
      ) : null}
      {phone && detail ? (
        // A phone has no room beside the list: the opened submission takes its place.
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Button onClick={() => place.close(false)}>Back to submissions</Button>
          {detail}
        </Stack>
      ) : list.length > 0 && mode === 'list' ? (
        <>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
            <SubmissionList submissions={list} selectedId={selectedId} onOpen={handleOpen} />
            {detail}
          </Stack>
          {pager}
        </>
      ) : list.length > 0 ? (
        <>
          <SubmissionTable submissions={list} onOpen={handleOpen} />
          {pager}
          {detail}
        </>
      ) : (
        detail
      )}
    </Stack>
  );
}
