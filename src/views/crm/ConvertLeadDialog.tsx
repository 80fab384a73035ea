import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { Lead } from '../../contracts/crm.ts';
import { unsavedHint } from '../../contracts/unsavedHint.ts';
import { useChangedSinceOpened } from '../common/keepTypedInput.ts';
import { useKeptDraft } from '../common/useKeptDraft.ts';
import { CrmFormDialog } from './CrmFormDialog.tsx';
import { useCrmForm } from './useCrmForm.ts';

const FORM_FIELDS = ['value'] as const;

/**
 * Converting a lead into a contact and a deal: the deal's value is the lead's estimate when it has one,
 * and must be more than 0 (a $0 deal is never made by accident).
 */
export function ConvertLeadDialog({ lead, onClose }: { lead: Lead; onClose: () => void }) {
  const save = useCrmForm(FORM_FIELDS, onClose);
  const [value, setValue] = useState(lead.value > 0 ? String(lead.value) : '');
  const changed = useChangedSinceOpened(value);
  const keptNote = useKeptDraft(`crm.lead.${lead.id}.convert`, { values: value, changed, restore: setValue });
  const amount = Number(value);
  const valid = value.trim() !== '' && Number.isFinite(amount) && amount > 0;
  const valueError =
    value.trim() !== '' && !valid ? 'Enter an amount more than 0.' : save.fieldError('value');

  return (
    <CrmFormDialog
      title={`Convert ${lead.name}`}
      saveLabel="Convert"
      canSave={valid}
      onSave={() => save.submit({ kind: 'convertLead', id: lead.id, value: amount })}
      onClose={onClose}
      saving={save.saving}
      alert={save.alert}
      unsaved={{ changed, hint: unsavedHint('deal value', 'Convert', 'Cancel') }}
      keptNote={keptNote}
    >
      <Typography>
        This adds {lead.name} to Contacts and opens a deal at the first stage of the default pipeline.
      </Typography>
      <TextField
        label="Deal value (USD)"
        type="number"
        required
        value={value}
        error={Boolean(valueError)}
        helperText={
          valueError ?? (lead.value > 0 ? "The lead's estimated value." : 'What is this deal worth?')
        }
        slotProps={{ htmlInput: { min: 0, step: '0.01' } }}
        onChange={(e) => setValue(e.target.value)}
      />
    </CrmFormDialog>
  );
}
