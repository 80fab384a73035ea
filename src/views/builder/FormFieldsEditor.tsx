import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FORM_FIELD_TYPES, type FormField, parseOptions } from '../../canvas/elements/constants.ts';
import { formFieldsOf } from '../../canvas/elements/form/formElement.tsx';

/** The fields of a form: type, label, placeholder, required and comma-separated options. */
export function FormFieldsEditor({
  value,
  onChange,
}: {
  value: unknown;
  onChange: (fields: FormField[]) => void;
}) {
  const fields = formFieldsOf(value);
  const update = (index: number, patch: Partial<FormField>) =>
    onChange(fields.map((field, i) => (i === index ? { ...field, ...patch } : field)));
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="subtitle2">Form Fields</Typography>
      {fields.map((field, index) => (
        <Box key={field.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1, my: 1 }}>
          <Box sx={{ display: 'flex', gap: 1 }}>
            <TextField
              select
              size="small"
              label="Type"
              value={field.type}
              onChange={(e) => update(index, { type: e.target.value as FormField['type'] })}
              sx={{ minWidth: 110 }}
            >
              {FORM_FIELD_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {type}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              label="Label"
              value={field.label}
              onChange={(e) => update(index, { label: e.target.value })}
            />
            <IconButton
              aria-label={`Remove field ${field.label}`}
              onClick={() => onChange(fields.filter((_, i) => i !== index))}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Box>
          <TextField
            fullWidth
            size="small"
            margin="dense"
            label="Placeholder"
            value={field.placeholder ?? ''}
            onChange={(e) => update(index, { placeholder: e.target.value })}
          />
          {field.type === 'select' || field.type === 'radio' ? (
            <TextField
              fullWidth
              size="small"
              margin="dense"
              label="Options (comma separated)"
              defaultValue={(field.options ?? []).join(', ')}
              onBlur={(e) => update(index, { options: parseOptions(e.target.value) })}
            />
          ) : null}
          <FormControlLabel
            control={
              <Checkbox
                checked={field.required === true}
                onChange={(e) => update(index, { required: e.target.checked })}
              />
            }
            label="Required"
          />
        </Box>
      ))}
      <Button
        size="small"
        onClick={() =>
          onChange([
            ...fields,
            { id: `field-${crypto.randomUUID().slice(0, 8)}`, type: 'text', label: 'New Field' },
          ])
        }
      >
        Add Field
      </Button>
    </Box>
  );
}
