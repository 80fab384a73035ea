import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useCallback, useState } from 'react';
import {
  WORKFLOW_ACTIONS,
  WORKFLOW_CONDITION_FIELDS,
  WORKFLOW_TRIGGERS,
  type WorkflowAction,
} from '../../contracts/crm.ts';
import { useContactLists, useCrmList, useWorkflowRuns } from '../../services/crm/crmQueries.ts';
import { formatDateTime } from '../common/DataTable.tsx';
import { useBeforeUnload } from '../common/useBeforeUnload.ts';
import { useCan } from '../common/useCan.ts';
import { useKeptDraft } from '../common/useKeptDraft.ts';
import { useCrmActor } from './crmActorContext.ts';
import { useCrmForm } from './useCrmForm.ts';
import { ACTION_LABELS, actionLabel, describeWorkflow, TRIGGER_LABELS } from './workflowLabels.ts';

type Draft = {
  name: string;
  trigger: (typeof WORKFLOW_TRIGGERS)[number];
  action: WorkflowAction['type'];
  subject: string;
  content: string;
  listId: number | '';
  field: string;
  value: string;
  condField: string;
  condValue: string;
};
const BLANK: Draft = {
  name: '',
  trigger: 'contact.created',
  action: 'create-activity',
  subject: '',
  content: '',
  listId: '',
  field: 'notes',
  value: '',
  condField: '',
  condValue: '',
};

function toAction(d: Draft): WorkflowAction {
  switch (d.action) {
    case 'create-activity':
      return { type: d.action, params: { type: 'task', subject: d.subject || 'Follow up', dueInDays: 1 } };
    case 'send-email':
      return { type: d.action, params: { subject: d.subject, content: d.content } };
    case 'add-to-list':
      return { type: d.action, params: { contactListId: d.listId } };
    case 'update-field':
      return { type: d.action, params: { field: d.field, value: d.value } };
  }
}

/** What the new workflow's form says when it shows what was typed in it before the owner went elsewhere. */
export const KEPT_WORKFLOW_NOTE =
  'Your new workflow is back as you left it: it is not added yet. Add workflow to keep it, or Discard changes to throw it away.';

/** Workflows: trigger → optional condition → action; switched on and off; the log of their runs. */
export function WorkflowsView() {
  const crm = useCrmActor();
  const workflows = useCrmList('workflows');
  const lists = useContactLists().data ?? [];
  const runs = useWorkflowRuns().data ?? [];
  const [d, setD] = useState<Draft>(BLANK);
  const set = (patch: Partial<Draft>) => setD({ ...d, ...patch });
  const canEdit = useCan('crm.edit');
  // A workflow being written stays through leaving the page (or a reload) until it is added or discarded.
  const changed = canEdit && JSON.stringify(d) !== JSON.stringify(BLANK);
  const keptNote = useKeptDraft('crm.workflow.new', {
    values: d,
    changed,
    restore: setD,
    keepOnLeave: { note: KEPT_WORKFLOW_NOTE },
  });
  useBeforeUnload(changed);
  const handleSaved = useCallback(() => setD(BLANK), []);
  const save = useCrmForm(['name'] as const, handleSaved);

  const handleAdd = (event: FormEvent) => {
    event.preventDefault();
    const conditions = d.condField
      ? [{ field: d.condField, operator: 'contains' as const, value: d.condValue }]
      : [];
    save.submit({
      kind: 'addWorkflow',
      input: { name: d.name.trim(), trigger: d.trigger, conditions, actions: [toAction(d)] },
    });
  };

  return (
    <Stack spacing={2}>
      {canEdit ? (
        <Card component="form" onSubmit={handleAdd}>
          <CardContent>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <TextField
                size="small"
                label="Workflow name"
                value={d.name}
                error={Boolean(save.fieldError('name'))}
                helperText={save.fieldError('name')}
                onChange={(e) => set({ name: e.target.value })}
              />
              <TextField
                select
                size="small"
                label="Trigger"
                value={d.trigger}
                onChange={(e) => {
                  const trigger = e.target.value as Draft['trigger'];
                  // A field the new trigger's records do not have is no condition any more.
                  const keeps = d.condField in WORKFLOW_CONDITION_FIELDS[trigger];
                  set({ trigger, ...(keeps ? {} : { condField: '', condValue: '' }) });
                }}
              >
                {WORKFLOW_TRIGGERS.map((t) => (
                  <MenuItem key={t} value={t}>
                    {TRIGGER_LABELS[t]}
                  </MenuItem>
                ))}
              </TextField>
              {/* The fields this trigger's records have: a typed name ("Company name") never matched. */}
              <TextField
                select
                size="small"
                label="If field"
                value={d.condField}
                sx={{ minWidth: 140 }}
                onChange={(e) => set({ condField: e.target.value })}
              >
                <MenuItem value="">(no condition)</MenuItem>
                {Object.entries(WORKFLOW_CONDITION_FIELDS[d.trigger]).map(([field, label]) => (
                  <MenuItem key={field} value={field}>
                    {label}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                size="small"
                label="contains"
                value={d.condValue}
                disabled={d.condField === ''}
                onChange={(e) => set({ condValue: e.target.value })}
              />
              <TextField
                select
                size="small"
                label="Action"
                value={d.action}
                onChange={(e) => set({ action: e.target.value as Draft['action'] })}
              >
                {WORKFLOW_ACTIONS.map((a) => (
                  <MenuItem key={a} value={a}>
                    {ACTION_LABELS[a]}
                  </MenuItem>
                ))}
              </TextField>
              {(d.action === 'create-activity' || d.action === 'send-email') && (
                <TextField
                  size="small"
                  label="Subject"
                  value={d.subject}
                  onChange={(e) => set({ subject: e.target.value })}
                />
              )}
              {d.action === 'send-email' && (
                <TextField
                  size="small"
                  label="Message"
                  value={d.content}
                  onChange={(e) => set({ content: e.target.value })}
                />
              )}
              {d.action === 'add-to-list' && (
                <TextField
                  select
                  size="small"
                  label="List"
                  value={d.listId}
                  sx={{ minWidth: 140 }}
                  onChange={(e) => set({ listId: Number(e.target.value) })}
                >
                  {lists.map((l) => (
                    <MenuItem key={l.id} value={l.id}>
                      {l.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
              {d.action === 'update-field' && (
                <>
                  <TextField
                    size="small"
                    label="Field"
                    value={d.field}
                    onChange={(e) => set({ field: e.target.value })}
                  />
                  <TextField
                    size="small"
                    label="Value"
                    value={d.value}
                    onChange={(e) => set({ value: e.target.value })}
                  />
                </>
              )}
              <Button
                type="submit"
                variant="contained"
                disabled={!d.name.trim() || (d.action === 'add-to-list' && d.listId === '') || save.saving}
              >
                Add workflow
              </Button>
              {changed ? (
                <Button disabled={save.saving} onClick={() => setD(BLANK)}>
                  Discard changes
                </Button>
              ) : null}
            </Stack>
            {keptNote ? (
              <Alert severity="info" sx={{ mt: 1 }}>
                {keptNote}
              </Alert>
            ) : null}
            {save.alert ? (
              <Alert severity="error" sx={{ mt: 1 }}>
                {save.alert}
              </Alert>
            ) : null}
          </CardContent>
        </Card>
      ) : null}
      {workflows.map((w) => (
        <Card key={w.id}>
          <CardContent>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Typography sx={{ flex: 1 }}>
                <strong>{w.name}</strong> — {describeWorkflow(w)}
              </Typography>
              <Switch
                checked={w.isActive}
                disabled={!canEdit}
                slotProps={{ input: { 'aria-label': `Active: ${w.name}` } }}
                onChange={(e) =>
                  crm.send({
                    type: 'crm.write',
                    write: { kind: 'updateWorkflow', id: w.id, input: { isActive: e.target.checked } },
                  })
                }
              />
              {canEdit ? (
                <Button
                  color="error"
                  onClick={() => crm.send({ type: 'crm.write', write: { kind: 'deleteWorkflow', id: w.id } })}
                >
                  Delete
                </Button>
              ) : null}
            </Stack>
          </CardContent>
        </Card>
      ))}
      <Typography variant="h6" component="h3">
        Recent runs
      </Typography>
      {runs.length === 0 && <Typography color="text.secondary">No records found</Typography>}
      {runs.map((run) => (
        <Typography key={run.id} variant="body2">
          {formatDateTime(run.createdAt)} · {run.workflowName} · {run.status} ·{' '}
          {run.log.map((l) => `${actionLabel(l.action)}: ${l.result}`).join('; ')}
        </Typography>
      ))}
    </Stack>
  );
}
