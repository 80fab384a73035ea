import TextField from '@mui/material/TextField';
import { useState } from 'react';

/**
 * A number as typed: the field shows the person's text while it stands for the document's value (an emptied field
 * to type a new price in, '7.50'), and the document takes each number typed. Emptying it puts nothing in (it used
 * to put the minimum in, so '7' typed next read '07'); leaving it, or an undo, shows the document's value.
 */
export function NumberField({
  label,
  min,
  max,
  step,
  value,
  onChange,
}: {
  label: string;
  min: number;
  max: number;
  step: number;
  value: number | null;
  onChange: (value: number) => void;
}) {
  const [typed, setTyped] = useState<string | null>(null);
  const standsForValue = typed !== null && (typed.trim() === '' || Number(typed) === value);
  return (
    <TextField
      fullWidth
      size="small"
      margin="dense"
      label={label}
      type="number"
      slotProps={{ htmlInput: { min, max, step } }}
      value={standsForValue ? typed : (value ?? '')}
      onChange={(event) => {
        const text = event.target.value;
        setTyped(text);
        const number = Number(text);
        if (text.trim() !== '' && Number.isFinite(number)) onChange(number);
      }}
      onBlur={() => setTyped(null)}
    />
  );
}
