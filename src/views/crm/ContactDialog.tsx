import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import type { Contact, ContactInput, ContactList } from '../../services/crmTypes.ts';

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

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSave) return;
    const tags = form.tags
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean);
    onSave({ ...form, tags });
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <form onSubmit={handleSubmit} noValidate>
        <DialogTitle>{contact ? 'Edit contact' : 'Add contact'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
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
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={!canSave}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
