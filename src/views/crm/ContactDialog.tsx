import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { Contact, ContactInput, ContactList } from '../../contracts/crm.ts';
import { CrmFormDialog } from './CrmFormDialog.tsx';

type Props = {
  contact: Contact | null;
  lists: ContactList[];
  onSave: (input: ContactInput) => void;
  onClose: () => void;
};

const FIELDS = [
  ['firstName', 'First name'],
  ['lastName', 'Last name'],
  ['email', 'Email'],
  ['phone', 'Phone'],
  ['company', 'Company'],
] as const;

/** Create or edit one contact. */
export function ContactDialog({ contact, lists, onSave, onClose }: Props) {
  const [form, setForm] = useState({
    firstName: contact?.firstName ?? '',
    lastName: contact?.lastName ?? '',
    email: contact?.email ?? '',
    phone: contact?.phone ?? '',
    company: contact?.company ?? '',
    tags: contact?.tags.join(', ') ?? '',
    notes: contact?.notes ?? '',
    contactListIds: contact?.contactListIds ?? [],
  });
  const canSave = Boolean(form.firstName.trim() || form.lastName.trim() || form.email.trim());

  const handleSave = () => {
    const tags = form.tags
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean);
    onSave({ ...form, tags });
  };

  return (
    <CrmFormDialog
      title={contact ? 'Edit contact' : 'Add contact'}
      canSave={canSave}
      onSave={handleSave}
      onClose={onClose}
    >
      {FIELDS.map(([name, label]) => (
        <TextField
          key={name}
          label={label}
          type={name === 'email' ? 'email' : 'text'}
          value={form[name]}
          onChange={(e) => setForm({ ...form, [name]: e.target.value })}
        />
      ))}
      <TextField
        label="Tags (comma separated)"
        value={form.tags}
        onChange={(e) => setForm({ ...form, tags: e.target.value })}
      />
      <TextField
        select
        label="Lists"
        slotProps={{ select: { multiple: true } }}
        value={form.contactListIds}
        onChange={(e) => setForm({ ...form, contactListIds: e.target.value as unknown as number[] })}
      >
        {lists.map((list) => (
          <MenuItem key={list.id} value={list.id}>
            {list.name}
          </MenuItem>
        ))}
      </TextField>
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
