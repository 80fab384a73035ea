import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
import type { Pipeline } from '../../contracts/crm.ts';
import { usePipelines } from '../../services/crm/crmQueries.ts';
import { useCan } from '../common/useCan.ts';
import { useLeaveGuard } from '../common/useLeaveGuard.ts';
import { useCrmForm } from './useCrmForm.ts';

const NEW_PIPELINE_STAGES = ['new', 'won'];

/** One pipeline's name and ordered stages, edited locally until saved. */
function PipelineEditor({ pipeline }: { pipeline: Pipeline | null }) {
  const [name, setName] = useState(pipeline?.name ?? '');
  const [stages, setStages] = useState<string[]>(pipeline?.stages ?? NEW_PIPELINE_STAGES);
  const [stage, setStage] = useState('');
  // Typed and not saved (a stage typed but not added too): leaving the page asks first.
  useLeaveGuard(
    name.trim() !== (pipeline?.name ?? '') ||
      stages.join('\n') !== (pipeline?.stages ?? NEW_PIPELINE_STAGES).join('\n') ||
      stage.trim() !== '',
  );
  const move = (index: number, by: number) => {
    const next = [...stages];
    const [item] = next.splice(index, 1);
    if (item !== undefined) next.splice(index + by, 0, item);
    setStages(next);
  };
  const valid = name.trim() && stages.length >= 2 && new Set(stages).size === stages.length;
  // A new pipeline's editor empties only once the server has it; a refusal keeps what was typed.
  const handleSaved = useCallback(() => {
    if (pipeline) return;
    setName('');
    setStages(NEW_PIPELINE_STAGES);
  }, [pipeline]);
  const save = useCrmForm(['name', 'stages'] as const, handleSaved);
  const handleSave = () => {
    save.submit({ kind: 'savePipeline', id: pipeline?.id ?? null, input: { name: name.trim(), stages } });
  };

  return (
    <Card>
      <CardContent>
        <Stack spacing={1}>
          <TextField
            size="small"
            label="Pipeline name"
            value={name}
            error={Boolean(save.fieldError('name'))}
            helperText={save.fieldError('name')}
            onChange={(e) => setName(e.target.value)}
          />
          {save.alert || save.fieldError('stages') ? (
            <Alert severity="error">{save.alert ?? save.fieldError('stages')}</Alert>
          ) : null}
          {pipeline?.isDefault && (
            <Typography variant="caption" color="text.secondary">
              Default pipeline
            </Typography>
          )}
          {stages.map((s, index) => (
            <Stack key={s} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography sx={{ flex: 1 }}>
                {index + 1}. {s}
              </Typography>
              <IconButton
                size="small"
                aria-label={`Move ${s} up`}
                disabled={index === 0}
                onClick={() => move(index, -1)}
              >
                ↑
              </IconButton>
              <IconButton
                size="small"
                aria-label={`Move ${s} down`}
                disabled={index === stages.length - 1}
                onClick={() => move(index, 1)}
              >
                ↓
              </IconButton>
              <IconButton
                size="small"
                aria-label={`Remove ${s}`}
                onClick={() => setStages(stages.filter((x) => x !== s))}
              >
                ✕
              </IconButton>
            </Stack>
          ))}
          <Stack direction="row" spacing={1}>
            <TextField
              size="small"
              label="New stage"
              value={stage}
              onChange={(e) => setStage(e.target.value)}
            />
            <Button
              disabled={!stage.trim() || stages.includes(stage.trim())}
              onClick={() => {
                setStages([...stages, stage.trim()]);
                setStage('');
              }}
            >
              Add stage
            </Button>
          </Stack>
          <Button
            variant="contained"
            disabled={!valid || save.saving}
            onClick={handleSave}
            sx={{ alignSelf: 'flex-start' }}
          >
            {pipeline ? 'Save pipeline' : 'Create pipeline'}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** A pipeline as a role that may only view sees it: its name and ordered stages, nothing to change. */
function PipelineSummary({ pipeline }: { pipeline: Pipeline }) {
  return (
    <Card component="article" aria-label={pipeline.name}>
      <CardContent>
        <Typography variant="subtitle1" component="h3">
          {pipeline.name}
          {pipeline.isDefault ? ' (default)' : ''}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {pipeline.stages.map((s, index) => `${index + 1}. ${s}`).join(' → ')}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** Pipelines editor: the default one and custom ones, each with ordered stages. */
export function PipelinesView() {
  const pipelines = usePipelines().data ?? [];
  const canEdit = useCan('crm.edit');
  if (!canEdit)
    return (
      <Stack spacing={2}>
        {pipelines.map((p) => (
          <PipelineSummary key={p.id} pipeline={p} />
        ))}
      </Stack>
    );
  return (
    <Stack spacing={2}>
      {pipelines.map((p) => (
        <PipelineEditor key={`${p.id}:${p.name}:${p.stages.join('|')}`} pipeline={p} />
      ))}
      <Typography variant="h6" component="h3">
        New pipeline
      </Typography>
      <PipelineEditor pipeline={null} />
    </Stack>
  );
}
