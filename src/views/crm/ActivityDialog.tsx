import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { ACTIVITY_TYPES, type Activity, type Deal } from '../../contracts/crm.ts';
import type { ActivityInput } from '../../contracts/crmApi.ts';
import { unsavedHint } from '../../contracts/unsavedHint.ts';
import { changedFields, nothingChanged } from '../common/changedFields.ts';
import { useChangedSinceOpened } from '../common/keepTypedInput.ts';
import { toLocalInput } from '../common/localDateTime.ts';
import { useKeptDraft } from '../common/useKeptDraft.ts';
import { type ContactChoice, ContactPicker } from './ContactPicker.tsx';
import { CrmFormDialog } from './CrmFormDialog.tsx';
import { useCrmForm } from './useCrmForm.ts';

type Props = {
  activity: Activity | null;
  deals: Deal[];
  onClose: () => void;
};

const FORM_FIELDS = ['subject', 'description', 'dueDate'] as const;

type ActivityForm = {
  type: Activity['type'];
  subject: string;
  description: string;
  due: string;
  completed: boolean;
  dealId: number | '';
};

/** What the form sends. */
const activityInput = (form: ActivityForm, contact: ContactChoice | null): ActivityInput => ({
  type: form.type,
  subject: form.subject.trim(),
  description: form.description,
  dueDate: form.due ? new Date(form.due).toISOString() : null,
  completed: form.completed,
  contactId: contact?.id ?? null,
  dealId: form.dealId === '' ? null : form.dealId,
});

/** Create or edit one activity: type, subject, description, due date, done, its contact and deal. */
export function ActivityDialog({ activity, deals, onClose }: Props) {
  const save = useCrmForm(FORM_FIELDS, onClose);
  const [form, setForm] = useState<ActivityForm>({
    type: activity?.type ?? ('task' as Activity['type']),
    subject: activity?.subject ?? '',
    description: activity?.description ?? '',
    due: toLocalInput(activity?.dueDate ?? null),
    completed: activity?.completed ?? false,
    dealId: activity?.dealId ?? ('' as number | ''),
  });
  const [contact, setContact] = useState<ContactChoice | null>(
    activity?.contactId
      ? { id: activity.contactId, label: activity.contactName ?? `Contact #${activity.contactId}` }
      : null,
  );
  const changed = useChangedSinceOpened({ form, contactId: contact?.id ?? null });
  const [opened] = useState(() => activityInput(form, contact));
  const keptNote = useKeptDraft(`crm.activity.${activity?.id ?? 'new'}`, {
    values: { form, contact },
    changed,
    restore: (kept) => {
      setForm(kept.form);
      setContact(kept.contact);
    },
  });
  const canSave = form.subject.trim() !== '';

  const handleSave = () => {
    const input = activityInput(form, contact);
    if (!activity) return save.submit({ kind: 'addActivity', input });
    // Only what the owner changed: marked done elsewhere, or another member's edit, since it opened stays.
    const changes = changedFields(input, opened);
    if (nothingChanged(changes)) return onClose();
    save.submit({ kind: 'updateActivity', id: activity.id, input: changes });
  };

  return (
    <CrmFormDialog
      title={activity ? 'Edit activity' : 'Add activity'}
      canSave={canSave}
      onSave={handleSave}
      onClose={onClose}
      saving={save.saving}
      alert={save.alert}
      unsaved={{ changed, hint: unsavedHint('activity', 'Save', 'Cancel') }}
      keptNote={keptNote}
    >
      <TextField
        select
        label="Type"
        value={form.type}
        onChange={(e) => setForm({ ...form, type: e.target.value as Activity['type'] })}
      >
        {ACTIVITY_TYPES.map((t) => (
          <MenuItem key={t} value={t}>
            {t}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Subject"
        error={Boolean(save.fieldError('subject'))}
        helperText={save.fieldError('subject')}
        required
        value={form.subject}
        onChange={(e) => setForm({ ...form, subject: e.target.value })}
      />
      <TextField
        label="Description"
        error={Boolean(save.fieldError('description'))}
        helperText={save.fieldError('description')}
        multiline
        minRows={2}
        value={form.description}
        onChange={(e) => setForm({ ...form, description: e.target.value })}
      />
      <TextField
        label="Due"
        error={Boolean(save.fieldError('dueDate'))}
        helperText={save.fieldError('dueDate')}
        type="datetime-local"
        value={form.due}
        onChange={(e) => setForm({ ...form, due: e.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <FormControlLabel
        label="Completed"
        control={
          <Checkbox
            checked={form.completed}
            onChange={(e) => setForm({ ...form, completed: e.target.checked })}
          />
        }
      />
      <ContactPicker label="Contact" value={contact} onChange={setContact} />
      <TextField
        select
        label="Deal"
        value={form.dealId}
        onChange={(e) => setForm({ ...form, dealId: e.target.value === '' ? '' : Number(e.target.value) })}
      >
        <MenuItem value="">No deal</MenuItem>
        {activity?.dealId && !deals.some((deal) => deal.id === activity.dealId) ? (
          <MenuItem value={activity.dealId}>{activity.dealTitle ?? `Deal #${activity.dealId}`}</MenuItem>
        ) : null}
        {deals.map((deal) => (
          <MenuItem key={deal.id} value={deal.id}>
            {deal.title}
          </MenuItem>
        ))}
      </TextField>
    </CrmFormDialog>
  );
}
