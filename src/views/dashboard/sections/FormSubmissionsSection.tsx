import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  useDeleteSubmission,
  useFormSubmissions,
  useOpenSubmission,
} from '../../../services/forms/formQueries.ts';
import { submissionsCsv } from '../../../services/forms/formSubmissionsCsv.ts';
import { useCan } from '../../common/useCan.ts';
import { SubmissionDetail, SubmissionList, SubmissionTable } from '../../forms/SubmissionViews.tsx';
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

/** The Form Submissions manager (spec §2): List View / Database View, Export CSV, detail pane. */
export function FormSubmissionsSection({ title, onNavigate }: SectionProps) {
  const submissions = useFormSubmissions();
  const open = useOpenSubmission();
  const remove = useDeleteSubmission();
  const canManage = useCan('forms.manage');
  const [mode, setMode] = useState<ViewMode>('list');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const list = submissions.data ?? [];
  const selected = list.find((s) => s.id === selectedId) ?? null;

  const handleOpen = (id: string) => {
    setSelectedId(id);
    open.mutate(id);
  };
  const handleDelete = () => {
    if (!selected) return;
    remove.mutate(selected.id, { onSuccess: () => setSelectedId(null) });
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h2" sx={{ flex: 1 }}>
          {title}
        </Typography>
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
