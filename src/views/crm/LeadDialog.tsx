import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { LEAD_STATUSES, type Lead, type LeadStatus } from '../../contracts/crm.ts';
import type { LeadInput } from '../../contracts/crmApi.ts';
import { leadErrors, typedAmount } from '../../contracts/crmFieldRules.ts';
import { unsavedHint } from '../../contracts/unsavedHint.ts';
import { changedFields, nothingChanged } from '../common/changedFields.ts';
import { useChangedSinceOpened } from '../common/keepTypedInput.ts';
import { useKeptDraft } from '../common/useKeptDraft.ts';
import { CrmFormDialog } from './CrmFormDialog.tsx';
import { useCrmForm } from './useCrmForm.ts';

type Props = {
  lead: Lead | null;
  onClose: () => void;
};

const TEXT_FIELDS = [
  ['name', 'Name'],
  ['email', 'Email'],
  ['phone', 'Phone'],
  ['company', 'Company'],
  ['source', 'Source'],
] as const;
const FORM_FIELDS = [...TEXT_FIELDS.map(([name]) => name), 'value', 'notes', 'status'] as const;

type LeadForm = {
  name: string;
  email: string;
  phone: string;
  company: string;
  status: LeadStatus;
  source: string;
  value: string;
  notes: string;
};

/** What the form sends, its amount already read (`typedAmount`). */
const leadInput = (form: LeadForm, value: LeadInput['value']): LeadInput => ({
  name: form.name.trim(),
  email: form.email.trim(),
  phone: form.phone.trim(),
  company: form.company.trim(),
  status: form.status,
  source: form.source.trim(),
  value,
  notes: form.notes,
});

/** Create or edit one lead: every field the API keeps (the server checks them again). */
export function LeadDialog({ lead, onClose }: Props) {
  const save = useCrmForm(FORM_FIELDS, onClose);
  const [form, setForm] = useState<LeadForm>({
    name: lead?.name ?? '',
    email: lead?.email ?? '',
    phone: lead?.phone ?? '',
    company: lead?.company ?? '',
    status: lead?.status ?? ('new' as LeadStatus),
    source: lead?.source ?? '',
    value: lead ? String(lead.value) : '',
    notes: lead?.notes ?? '',
  });
  const changed = useChangedSinceOpened(form);
  const [opened] = useState(() => leadInput(form, typedAmount(form.value).amount));
  const keptNote = useKeptDraft(`crm.lead.${lead?.id ?? 'new'}`, { values: form, changed, restore: setForm });
  // The server's own rules (src/contracts/crmFieldRules.ts), checked before sending.
  const ruleErrors = leadErrors(form);
  const { amount: value, problem: valueError } = typedAmount(form.value);
  const canSave = form.name.trim() !== '' && Object.keys(ruleErrors).length === 0 && !valueError;

  const handleSave = () => {
    const input = leadInput(form, value);
    if (!lead) return save.submit({ kind: 'addLead', input });
    // Only what the owner changed: another member's edit since it opened stays.
    const changes = changedFields(input, opened);
    if (nothingChanged(changes)) return onClose();
    save.submit({ kind: 'updateLead', id: lead.id, input: changes });
  };
  const fieldError = (name: (typeof FORM_FIELDS)[number]) => {
    if (name !== 'value' && name !== 'status' && ruleErrors[name]) return ruleErrors[name];
    if (name === 'value' && valueError) return valueError;
    return save.fieldError(name);
  };

  return (
    <CrmFormDialog
      title={lead ? 'Edit lead' : 'Add lead'}
      canSave={canSave}
      onSave={handleSave}
      onClose={onClose}
      saving={save.saving}
      alert={save.alert}
      unsaved={{ changed, hint: unsavedHint('lead', 'Save', 'Cancel') }}
      keptNote={keptNote}
    >
      {TEXT_FIELDS.map(([name, label]) => (
        <TextField
          key={name}
          label={label}
          required={name === 'name'}
          type={name === 'email' ? 'email' : name === 'phone' ? 'tel' : 'text'}
          value={form[name]}
          error={Boolean(fieldError(name))}
          helperText={fieldError(name)}
          onChange={(e) => setForm({ ...form, [name]: e.target.value })}
        />
      ))}
      <TextField
        select
        label="Status"
        value={form.status}
        onChange={(e) => setForm({ ...form, status: e.target.value as LeadStatus })}
      >
        {LEAD_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {status}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Value (USD)"
        type="number"
        value={form.value}
        error={Boolean(fieldError('value'))}
        helperText={fieldError('value')}
        slotProps={{ htmlInput: { min: 0, step: '0.01' } }}
        onChange={(e) => setForm({ ...form, value: e.target.value })}
      />
      <TextField
        label="Notes"
        multiline
        minRows={2}
        value={form.notes}
        error={Boolean(fieldError('notes'))}
        helperText={fieldError('notes')}
        onChange={(e) => setForm({ ...form, notes: e.target.value })}
      />
    </CrmFormDialog>
  );
}
