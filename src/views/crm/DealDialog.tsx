import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { Deal } from '../../contracts/crm.ts';
import type { DealInput } from '../../contracts/crmApi.ts';
import { typedAmount } from '../../contracts/crmFieldRules.ts';
import { unsavedHint } from '../../contracts/unsavedHint.ts';
import { useContact } from '../../services/crm/crmQueries.ts';
import { changedFields, nothingChanged } from '../common/changedFields.ts';
import { useChangedSinceOpened } from '../common/keepTypedInput.ts';
import { useKeptDraft } from '../common/useKeptDraft.ts';
import { type ContactChoice, ContactPicker } from './ContactPicker.tsx';
import { CrmFormDialog } from './CrmFormDialog.tsx';
import { contactLabel } from './crmFormat.ts';
import { useCrmForm } from './useCrmForm.ts';

type Props = {
  deal: Deal;
  /** The stages of the deal's pipeline, in order: the deal moves by choosing one (no mouse needed). */
  stages: readonly string[];
  /** A role that may only view: the deal is shown, every field disabled, with no Save or Delete. */
  readOnly?: boolean;
  onClose: () => void;
};

const FORM_FIELDS = ['title', 'value', 'stage', 'expectedCloseDate', 'contactId'] as const;

type DealForm = { title: string; value: string; stage: string; expectedCloseDate: string };

/** What the form sends, its amount already read (`typedAmount`); the contact only once one was picked. */
const dealInput = (
  form: DealForm,
  value: DealInput['value'],
  picked: { choice: ContactChoice | null } | null,
): DealInput => ({
  title: form.title.trim(),
  value,
  stage: form.stage,
  expectedCloseDate: form.expectedCloseDate || null,
  // Sent only when changed: the contact stays linked however its name loads.
  ...(picked ? { contactId: picked.choice?.id ?? null } : {}),
});

/** Edit one deal of the board — title, value, stage, expected close date, contact — or delete it (or read it). */
export function DealDialog({ deal, stages, readOnly = false, onClose }: Props) {
  const save = useCrmForm(FORM_FIELDS, onClose);
  const [form, setForm] = useState<DealForm>({
    title: deal.title,
    value: String(deal.value),
    stage: deal.stage,
    expectedCloseDate: deal.expectedCloseDate ?? '',
  });
  // The deal's contact by name once loaded; a contact the owner picks replaces it.
  const linked = useContact(deal.contactId);
  const [picked, setPicked] = useState<{ choice: ContactChoice | null } | null>(null);
  const contact: ContactChoice | null =
    picked?.choice ??
    (picked === null && deal.contactId !== null
      ? { id: deal.contactId, label: linked.data ? contactLabel(linked.data) : `Contact #${deal.contactId}` }
      : null);
  // A picked contact is a change too (its name loading is not).
  const changed = useChangedSinceOpened(form) || picked !== null;
  const [opened] = useState(() => dealInput(form, typedAmount(form.value).amount, null));
  const keptNote = useKeptDraft(`crm.deal.${deal.id}`, {
    values: { form, picked },
    changed: changed && !readOnly,
    restore: (kept) => {
      setForm(kept.form);
      setPicked(kept.picked);
    },
  });
  const { amount: value, problem: valueError } = typedAmount(form.value);
  const canSave = form.title.trim() !== '' && !valueError;
  const fieldError = (name: (typeof FORM_FIELDS)[number]) =>
    (name === 'value' ? valueError : undefined) ?? save.fieldError(name);

  const handleSave = () => {
    const input = dealInput(form, value, picked);
    // Only what the owner changed: a move on the board or another member's edit since it opened stays.
    const changes = changedFields(input, opened);
    if (nothingChanged(changes)) return onClose();
    save.submit({ kind: 'updateDeal', id: deal.id, input: changes });
  };

  return (
    <CrmFormDialog
      title={readOnly ? 'View deal' : 'Edit deal'}
      readOnly={readOnly}
      canSave={canSave}
      onSave={handleSave}
      onClose={onClose}
      saving={save.saving}
      alert={save.alert}
      unsaved={{ changed, hint: unsavedHint('deal', 'Save', 'Cancel') }}
      keptNote={keptNote}
      remove={{
        noun: 'deal',
        confirm: `Delete the deal "${deal.title}"?`,
        // The card goes at once; a refusal shows on the CRM's error card and the card comes back.
        onDelete: () => {
          save.submit({ kind: 'deleteDeal', id: deal.id });
          onClose();
        },
      }}
    >
      <TextField
        label="Deal title"
        required
        disabled={readOnly}
        value={form.title}
        error={Boolean(fieldError('title'))}
        helperText={fieldError('title')}
        onChange={(e) => setForm({ ...form, title: e.target.value })}
      />
      <TextField
        label="Value (USD)"
        type="number"
        disabled={readOnly}
        value={form.value}
        error={Boolean(fieldError('value'))}
        helperText={fieldError('value')}
        slotProps={{ htmlInput: { min: 0, step: '0.01' } }}
        onChange={(e) => setForm({ ...form, value: e.target.value })}
      />
      <TextField
        select
        label="Stage"
        disabled={readOnly}
        value={form.stage}
        error={Boolean(fieldError('stage'))}
        helperText={fieldError('stage')}
        onChange={(e) => setForm({ ...form, stage: e.target.value })}
      >
        {/* A stage the pipeline no longer has stays choosable for the deal that is in it. */}
        {(stages.includes(deal.stage) ? stages : [...stages, deal.stage]).map((stage) => (
          <MenuItem key={stage} value={stage}>
            {stage}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Expected close date"
        type="date"
        disabled={readOnly}
        value={form.expectedCloseDate}
        error={Boolean(fieldError('expectedCloseDate'))}
        helperText={fieldError('expectedCloseDate')}
        slotProps={{ inputLabel: { shrink: true } }}
        onChange={(e) => setForm({ ...form, expectedCloseDate: e.target.value })}
      />
      <ContactPicker
        label="Contact"
        value={contact}
        disabled={readOnly}
        onChange={(choice) => setPicked({ choice })}
      />
    </CrmFormDialog>
  );
}
