import TextField from '@mui/material/TextField';
import { type ChangeEvent, memo, type Ref, useCallback, useLayoutEffect, useRef, useState } from 'react';

type Props = {
  label: string;
  /** The document's value: what the field shows once an undo, another tab or a clamp changed it. */
  value: string;
  multiline?: boolean;
  onChange: (value: string) => void;
};

/**
 * A text field over one document property that a keystroke does not re-render. The input keeps its own
 * value while the person types (the document then holds the same text); when the document's value differs
 * from what the input shows (an undo, another tab or device, a clamp), it is written into the input. The MUI
 * TextField underneath re-renders only when its label moves (focus, or the field becoming empty or not), so a
 * keystroke costs this component, not the ~25 components of a controlled TextField.
 */
export function DocumentTextField({ label, value, multiline = false, onChange }: Props) {
  const inputRef = useRef<HTMLInputElement | HTMLTextAreaElement>(null);
  const [initial] = useState(value);
  const [focused, setFocused] = useState(false);
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (input && input.value !== value) input.value = value;
  }, [value]);
  const handleChange = useCallback(
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value),
    [onChange],
  );
  const handleFocus = useCallback(() => setFocused(true), []);
  const handleBlur = useCallback(() => setFocused(false), []);
  return (
    <StaticTextField
      label={label}
      defaultValue={initial}
      multiline={multiline}
      // The label sits above the text while the field is focused or holds text (what MUI does for a controlled
      // field; an uncontrolled one would not see a value written by an undo).
      shrink={focused || value !== ''}
      inputRef={inputRef}
      onChange={handleChange}
      onFocus={handleFocus}
      onBlur={handleBlur}
    />
  );
}

/** The MUI field with props that stay the same across keystrokes, so it bails out of a re-render. */
const StaticTextField = memo(function StaticTextField({
  label,
  defaultValue,
  multiline,
  shrink,
  inputRef,
  onChange,
  onFocus,
  onBlur,
}: {
  label: string;
  defaultValue: string;
  multiline: boolean;
  shrink: boolean;
  inputRef: Ref<HTMLInputElement | HTMLTextAreaElement>;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onFocus: () => void;
  onBlur: () => void;
}) {
  return (
    <TextField
      fullWidth
      size="small"
      margin="dense"
      label={label}
      defaultValue={defaultValue}
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      inputRef={inputRef}
      onChange={onChange}
      onFocus={onFocus}
      onBlur={onBlur}
      slotProps={{ inputLabel: { shrink } }}
    />
  );
});
