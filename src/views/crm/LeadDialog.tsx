import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { isWellFormedEmail } from '../../contracts/common.ts';
import { LEAD_STATUSES, type Lead, type LeadInput, type LeadStatus } from '../../contracts/crm.ts';
import { CrmFormDialog } from './CrmFormDialog.tsx';

type Props = {
  lead: Lead | null;
  onSave: (input: LeadInput) => void;
  onClose: () => void;
};

const TEXT_FIELDS = [
  ['name', 'Name'],
  ['email', 'Email'],
  ['phone', 'Phone'],
  ['company', 'Company'],
  ['source', 'Source'],
] as const;

/** Create or edit one lead: every field the API keeps (the server checks them again). */
export function LeadDialog({ lead, onSave, onClose }: Props) {
  const [form, setForm] = useState({
    name: lead?.name ?? '',
    email: lead?.email ?? '',
    phone: lead?.phone ?? '',
    company: lead?.company ?? '',
    status: lead?.status ?? ('new' as LeadStatus),
    source: lead?.source ?? '',
    value: lead ? String(lead.value) : '',
    notes: lead?.notes ?? '',
  });
  const email = form.email.trim();
  const emailError = email !== '' && !isWellFormedEmail(email.toLowerCase());
  const value = form.value.trim() === '' ? 0 : Number(form.value);
  const valueError = !Number.isFinite(value) || value < 0;
  const canSave = form.name.trim() !== '' && !emailError && !valueError;

  const handleSave = () => {
    onSave({
      name: form.name.trim(),
      email,
      phone: form.phone.trim(),
      company: form.company.trim(),
      status: form.status,
      source: form.source.trim(),
      value,
      notes: form.notes,
    });
  };

  return (
    <CrmFormDialog
      title={lead ? 'Edit lead' : 'Add lead'}
      canSave={canSave}
      onSave={handleSave}
      onClose={onClose}
    >
      {TEXT_FIELDS.map(([name, label]) => (
        <TextField
          key={name}
          label={label}
          required={name === 'name'}
          type={name === 'email' ? 'email' : name === 'phone' ? 'tel' : 'text'}
          value={form[name]}
          error={name === 'email' && emailError}
          helperText={name === 'email' && emailError ? 'Enter a valid email address' : undefined}
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
        error={valueError}
        helperText={valueError ? 'Enter an amount of 0 or more' : undefined}
        slotProps={{ htmlInput: { min: 0, step: '0.01' } }}
        onChange={(e) => setForm({ ...form, value: e.target.value })}
      />
      <TextField
        label="Notes"
        multiline
        minRows={2}
        value={form.notes}
        onChange={(e) => setForm({ ...form, notes: e.target.value })}
      />
    </CrmFormDialog>
  );
}
