import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { Contact, ContactList } from '../../contracts/crm.ts';
import { CRM_FIELD_LABELS } from '../../contracts/crmFieldLabels.ts';
import { contactErrors } from '../../contracts/crmFieldRules.ts';
import { unsavedHint } from '../../contracts/unsavedHint.ts';
import { useEditingPresence } from '../../services/live/presenceQueries.ts';
import { changedFields, nothingChanged } from '../common/changedFields.ts';
import { useChangedSinceOpened } from '../common/keepTypedInput.ts';
import { useKeptDraft } from '../common/useKeptDraft.ts';
import { CrmFormDialog } from './CrmFormDialog.tsx';
import { contactLabel, formatMoney } from './crmFormat.ts';
import { useCrmForm } from './useCrmForm.ts';
import { useOtherEditors } from './useOtherEditors.ts';

type Props = {
  contact: Contact | null;
  lists: ContactList[];
  onClose: () => void;
};

const TEXT_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'company'] as const;
const FORM_FIELDS = [...TEXT_FIELDS, 'tags', 'notes', 'contactListIds'] as const;

type ContactForm = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  company: string;
  tags: string;
  notes: string;
  contactListIds: number[];
};

/** What the form sends: the email trimmed, the tags split at commas. */
const contactInput = (form: ContactForm) => ({
  ...form,
  email: form.email.trim(),
  tags: form.tags
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean),
});

/** Create or edit one contact; it closes once the server has it, and shows a refusal beside its field. */
export function ContactDialog({ contact, lists, onClose }: Props) {
  const save = useCrmForm(FORM_FIELDS, onClose);
  // The account's other members see that this contact is being edited, and this dialog who else is.
  useEditingPresence('crm.contact', contact?.id ?? null);
  const othersEditing = useOtherEditors('crm.contact').get(String(contact?.id));
  const [form, setForm] = useState<ContactForm>({
    firstName: contact?.firstName ?? '',
    lastName: contact?.lastName ?? '',
    email: contact?.email ?? '',
    phone: contact?.phone ?? '',
    company: contact?.company ?? '',
    tags: contact?.tags.join(', ') ?? '',
    notes: contact?.notes ?? '',
    contactListIds: contact?.contactListIds ?? [],
  });
  const changed = useChangedSinceOpened(form);
  const [opened] = useState(() => contactInput(form));
  const keptNote = useKeptDraft(`crm.contact.${contact?.id ?? 'new'}`, {
    values: form,
    changed,
    restore: setForm,
  });
  const { email, tags } = contactInput(form);
  // The server's own rules (src/contracts/crmFieldRules.ts), checked before sending.
  const ruleErrors = contactErrors({ ...form, tags });
  const canSave =
    Boolean(form.firstName.trim() || form.lastName.trim() || email) && Object.keys(ruleErrors).length === 0;
  const fieldError = (name: (typeof FORM_FIELDS)[number]) =>
    (name !== 'contactListIds' ? ruleErrors[name] : undefined) ?? save.fieldError(name);

  const handleSave = () => {
    const input = contactInput(form);
    if (!contact) return save.submit({ kind: 'addContact', input });
    // Only what the owner changed: another member's edit since it opened stays.
    const changes = changedFields(input, opened);
    if (nothingChanged(changes)) return onClose();
    save.submit({ kind: 'updateContact', id: contact.id, input: changes });
  };

  return (
    <CrmFormDialog
      title={contact ? 'Edit contact' : 'Add contact'}
      canSave={canSave}
      onSave={handleSave}
      onClose={onClose}
      saving={save.saving}
      alert={save.alert}
      unsaved={{ changed, hint: unsavedHint('contact', 'Save', 'Cancel') }}
      keptNote={keptNote}
      remove={
        contact
          ? {
              noun: 'contact',
              confirm: `Delete ${contactLabel(contact)}? Their leads, deals and activities stay, without a contact.`,
              // The row goes at once (as a lead's Delete does) and so does its dialog: a refusal shows on
              // the CRM's error card and the contact comes back.
              onDelete: () => {
                save.submit({ kind: 'deleteContact', id: contact.id });
                onClose();
              },
            }
          : undefined
      }
    >
      {othersEditing && <Alert severity="info">{othersEditing}</Alert>}
      {contact && contact.orderCount > 0 && (
        <Typography variant="body2" color="text.secondary">
          Orders: {contact.orderCount} · Lifetime value: {formatMoney(contact.lifetimeValue)}
        </Typography>
      )}
      {TEXT_FIELDS.map((name) => (
        <TextField
          key={name}
          label={CRM_FIELD_LABELS[name]}
          type={name === 'email' ? 'email' : 'text'}
          value={form[name]}
          error={Boolean(fieldError(name))}
          helperText={fieldError(name)}
          onChange={(e) => setForm({ ...form, [name]: e.target.value })}
        />
      ))}
      <TextField
        label="Tags (comma separated)"
        value={form.tags}
        error={Boolean(fieldError('tags'))}
        helperText={fieldError('tags')}
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
        error={Boolean(fieldError('notes'))}
        helperText={fieldError('notes')}
        onChange={(e) => setForm({ ...form, notes: e.target.value })}
      />
    </CrmFormDialog>
  );
}
