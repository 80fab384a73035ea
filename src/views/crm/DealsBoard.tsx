import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type DragEvent, type FormEvent, useCallback, useState } from 'react';
import { appRoute } from '../../contracts/appRoutes.ts';
import type { Deal } from '../../contracts/crm.ts';
import { typedAmount } from '../../contracts/crmFieldRules.ts';
import { useCrmList, useCrmListRead, usePipelines } from '../../services/crm/crmQueries.ts';
import { RecordPlaceDialog } from '../common/RecordPlaceDialog.tsx';
import { useCan } from '../common/useCan.ts';
import { useNavigate, useRoute } from '../common/useRoute.ts';
import { useCrmActor } from './crmActorContext.ts';
import { formatMoney } from './crmFormat.ts';
import { DealDialog } from './DealDialog.tsx';
import { useCrmForm } from './useCrmForm.ts';

const DEAL_MIME = 'application/x-crm-deal';

export const DEAL_NOT_FOUND = 'This deal was not found: it may have been deleted. Close to see the board.';

/** Deals as a kanban of the chosen pipeline: drag a card onto another stage to move it. */
export function DealsBoard() {
  const crm = useCrmActor();
  const deals = useCrmList('deals');
  const pipelines = usePipelines().data ?? [];
  // The chosen pipeline is in the address (`/crm/deals?pipeline=…`): a reload or a link shows that board again.
  const route = useRoute();
  const navigate = useNavigate();
  const pipelineId = route.name === 'crm' && route.params.pipeline ? Number(route.params.pipeline) : null;
  const setPipelineId = (id: number) => navigate(appRoute('crm', { section: 'deals', pipeline: String(id) }));
  const pipeline =
    pipelines.find((p) => p.id === pipelineId) ?? pipelines.find((p) => p.isDefault) ?? pipelines[0];
  const [title, setTitle] = useState('');
  const [value, setValue] = useState('');
  const [over, setOver] = useState<string | null>(null);
  // An opened deal is in the address too (`?item=<id>`): a reload, Back or a link opens it again.
  const item = route.name === 'crm' ? route.params.item : undefined;
  const editingId = item && /^\d+$/.test(item) ? Number(item) : null;
  const pipelineParam = route.name === 'crm' ? route.params.pipeline : undefined;
  const openDeal = useCallback(
    (id: number | null) =>
      navigate(
        appRoute('crm', {
          section: 'deals',
          pipeline: pipelineParam,
          item: id === null ? undefined : String(id),
        }),
      ),
    [navigate, pipelineParam],
  );
  const closeEditing = useCallback(() => openDeal(null), [openDeal]);
  const dealsRead = useCrmListRead('deals');
  const canEdit = useCan('crm.edit');
  const handleSaved = useCallback(() => {
    setTitle('');
    setValue('');
  }, []);
  const save = useCrmForm(['title', 'value'] as const, handleSaved);

  // The amount as the server takes it, checked before sending (as the deal and lead dialogs do).
  const { amount, problem: valueError } = typedAmount(value);
  const handleAdd = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim() || !pipeline || valueError) return;
    save.submit({
      kind: 'addDeal',
      input: { title: title.trim(), value: amount, pipelineId: pipeline.id },
    });
  };

  const handleDrop = (stage: string) => (event: DragEvent) => {
    event.preventDefault();
    setOver(null);
    const id = Number(event.dataTransfer.getData(DEAL_MIME));
    const deal = deals.find((d) => d.id === id);
    if (deal && deal.stage !== stage)
      crm.send({ type: 'crm.write', write: { kind: 'updateDeal', id, input: { stage } } });
  };

  if (!pipeline) return null;
  const inPipeline = deals.filter((d) => d.pipelineId === pipeline.id);
  const editing = deals.find((d) => d.id === editingId) ?? null;
  return (
    <Stack spacing={2}>
      <Stack
        direction="row"
        spacing={1}
        component="form"
        onSubmit={handleAdd}
        useFlexGap
        sx={{ flexWrap: 'wrap' }}
      >
        {pipelines.length > 1 && (
          <TextField
            select
            size="small"
            label="Pipeline"
            value={pipeline.id}
            onChange={(e) => setPipelineId(Number(e.target.value))}
          >
            {pipelines.map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.name}
              </MenuItem>
            ))}
          </TextField>
        )}
        {canEdit ? (
          <>
            <TextField
              size="small"
              label="Deal title"
              value={title}
              error={Boolean(save.fieldError('title'))}
              helperText={save.fieldError('title')}
              onChange={(e) => setTitle(e.target.value)}
            />
            <TextField
              size="small"
              label="Value"
              type="number"
              value={value}
              error={Boolean(valueError ?? save.fieldError('value'))}
              helperText={valueError ?? save.fieldError('value')}
              slotProps={{ htmlInput: { min: 0, step: '0.01' } }}
              onChange={(e) => setValue(e.target.value)}
            />
            <Button
              type="submit"
              variant="contained"
              disabled={!title.trim() || Boolean(valueError) || save.saving}
              // Beside a field with a message under it, the button keeps its own height.
              sx={{ alignSelf: 'flex-start' }}
            >
              Add deal
            </Button>
          </>
        ) : null}
      </Stack>
      {save.alert ? <Alert severity="error">{save.alert}</Alert> : null}
      {/* Scrolls sideways: focusable, so the keyboard can scroll it too. */}
      <Stack
        direction="row"
        spacing={1}
        tabIndex={0}
        role="region"
        aria-label="Pipeline stages"
        sx={{ overflowX: 'auto', pb: 1 }}
      >
        {pipeline.stages.map((stage) => {
          const cards = inPipeline.filter((d) => d.stage === stage);
          return (
            <Paper
              key={stage}
              data-testid={`stage-${stage}`}
              aria-label={`Stage ${stage}`}
              onDragOver={(e) => {
                e.preventDefault();
                setOver(stage);
              }}
              onDragLeave={() => setOver(null)}
              onDrop={canEdit ? handleDrop(stage) : undefined}
              sx={{ minWidth: 200, p: 1, bgcolor: over === stage ? 'action.hover' : 'grey.50' }}
            >
              <Typography variant="subtitle2" component="h3">
                {stage} ({cards.length}) · {formatMoney(cards.reduce((sum, d) => sum + d.value, 0))}
              </Typography>
              <Stack spacing={1} sx={{ mt: 1, minHeight: 80 }}>
                {cards.map((deal) => (
                  <DealCard key={deal.id} deal={deal} movable={canEdit} onOpen={() => openDeal(deal.id)} />
                ))}
              </Stack>
            </Paper>
          );
        })}
      </Stack>
      {/* A role that may only view opens the deal to read it (the server refuses its writes). */}
      {editing ? (
        <DealDialog
          key={editing.id}
          deal={editing}
          stages={pipelines.find((p) => p.id === editing.pipelineId)?.stages ?? pipeline.stages}
          readOnly={!canEdit}
          onClose={closeEditing}
        />
      ) : item !== undefined && dealsRead ? (
        <RecordPlaceDialog title="Edit deal" loading={false} gone={DEAL_NOT_FOUND} onClose={closeEditing} />
      ) : null}
    </Stack>
  );
}

// `movable` is false for a role that may only view: the card then cannot be dragged to another stage, and opens
// the deal to read it. The card is a button that opens the deal — its stage, title, value… — from the keyboard too.
function DealCard({ deal, movable, onOpen }: { deal: Deal; movable: boolean; onOpen: () => void }) {
  const content = (
    <CardContent sx={{ p: 1, '&:last-child': { pb: 1 } }}>
      <Typography variant="body2">{deal.title}</Typography>
      <Typography variant="caption" color="text.secondary">
        {formatMoney(deal.value)}
        {deal.expectedCloseDate ? ` · closes ${deal.expectedCloseDate}` : ''}
      </Typography>
    </CardContent>
  );
  return (
    <Card
      draggable={movable}
      data-testid={`deal-${deal.title}`}
      onDragStart={(e) => {
        e.dataTransfer.setData(DEAL_MIME, String(deal.id));
        e.dataTransfer.effectAllowed = 'move';
      }}
      sx={{ cursor: movable ? 'grab' : 'default' }}
    >
      <CardActionArea onClick={onOpen} aria-label={`${movable ? 'Edit' : 'View'} deal ${deal.title}`}>
        {content}
      </CardActionArea>
    </Card>
  );
}
