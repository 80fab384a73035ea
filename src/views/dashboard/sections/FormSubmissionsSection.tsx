import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { appRoute } from '../../../contracts/appRoutes.ts';
import {
  useDeleteSubmission,
  useFormSubmissions,
  useOpenSubmission,
} from '../../../services/forms/formQueries.ts';
import { submissionsCsv } from '../../../services/forms/formSubmissionsCsv.ts';
import { useWebsites } from '../../../services/http/queries.ts';
import { useCan } from '../../common/useCan.ts';
import { useNavigate, useRoute } from '../../common/useRoute.ts';
import { SubmissionDetail, SubmissionList, SubmissionTable } from '../../forms/SubmissionViews.tsx';
import { siteLabels } from '../../forms/siteLabels.ts';
import type { SectionProps } from '../SectionPlaceholder.tsx';

type ViewMode = 'list' | 'database';

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
 * The Form Submissions manager (spec §2): List View / Database View, Export CSV, detail pane; the website whose
 * submissions show is in the address (`/forms?site=…`, where a website card's Forms button leads), and so is the
 * opened submission (`&submission=…`).
 */
export function FormSubmissionsSection({ title, onNavigate }: SectionProps) {
  const submissions = useFormSubmissions();
  const websites = useWebsites();
  const open = useOpenSubmission();
  const remove = useDeleteSubmission();
  const canManage = useCan('forms.manage');
  const route = useRoute();
  const navigate = useNavigate();
  const [mode, setMode] = useState<ViewMode>('list');
  const params = route.name === 'forms' ? route.params : {};
  // The opened submission is in the address (`/forms?submission=…`): a reload or a link opens it again.
  const selectedId = params.submission ?? null;
  const sites = websites.data ?? [];
  const asked = params.site ?? null;
  // A website no longer in the list (deleted, another account's) filters nothing: every submission shows.
  const siteId = websites.isSuccess && !sites.some((site) => site.id === asked) ? null : asked;
  const labels = useMemo(() => siteLabels(sites), [sites]);
  const all = submissions.data ?? [];
  const list = useMemo(() => {
    const shown = siteId === null ? all : all.filter((s) => s.websiteId === siteId);
    return shown.map((s) => ({ ...s, websiteName: labels.get(s.websiteId) ?? s.websiteName }));
  }, [all, siteId, labels]);
  const selected = list.find((s) => s.id === selectedId) ?? null;

  const handleSite = (value: string) => {
    navigate(appRoute('forms', value ? { site: value } : {}), { replace: true });
  };

  const handleOpen = (id: string) => {
    navigate(appRoute('forms', { ...params, submission: id }));
    open.mutate(id);
  };
  const handleDelete = () => {
    if (!selected) return;
    return remove.mutateAsync(selected.id, {
      onSuccess: () => navigate(appRoute('forms', { ...params, submission: undefined }), { replace: true }),
    });
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h2" sx={{ flex: 1 }}>
          {title}
        </Typography>
        {sites.length > 0 ? (
          <TextField
            select
            size="small"
            label="Website"
            value={siteId ?? ''}
            onChange={(event) => handleSite(event.target.value)}
            sx={{ minWidth: 200 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">All websites</MenuItem>
            {sites.map((site) => (
              <MenuItem key={site.id} value={site.id}>
                {labels.get(site.id)}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
        <ToggleButtonGroup
          size="small"
          exclusive
          value={mode}
          onChange={(_, value: ViewMode | null) => value && setMode(value)}
        >
          <ToggleButton value="list">List View</ToggleButton>
          <ToggleButton value="database">Database View</ToggleButton>
        </ToggleButtonGroup>
        <Button
          variant="contained"
          disabled={list.length === 0}
          onClick={() => download(submissionsCsv(list))}
        >
          Export CSV
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        Total: {list.length} submission{list.length === 1 ? '' : 's'}
      </Typography>
      {submissions.isPending ? <CircularProgress aria-label="Loading submissions" /> : null}
      {submissions.isSuccess && list.length === 0 ? (
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
      {list.length > 0 && mode === 'list' ? (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
          <SubmissionList submissions={list} selectedId={selectedId} onOpen={handleOpen} />
          {selected ? (
            <SubmissionDetail
              submission={selected}
              onDelete={canManage ? handleDelete : undefined}
              deleting={remove.isPending}
            />
          ) : null}
        </Stack>
      ) : null}
      {list.length > 0 && mode === 'database' ? (
        <Stack spacing={2}>
          <SubmissionTable submissions={list} onOpen={handleOpen} />
          {selected ? (
            <SubmissionDetail
              submission={selected}
              onDelete={canManage ? handleDelete : undefined}
              deleting={remove.isPending}
            />
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
