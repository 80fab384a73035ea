import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Slider from '@mui/material/Slider';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { memo, useCallback, useState } from 'react';
import { FORM_PRESETS } from '../../canvas/elements/constants.ts';
import { definitionOf, normalizeProps } from '../../canvas/elements/registry.ts';
import { type FieldSpec, isFieldShown } from '../../canvas/elements/types.ts';
import { updateElement } from '../../canvas/ops/elementOps.ts';
import { editNavigation, type NavItem } from '../../canvas/ops/pageOps.ts';
import { DOCUMENT_UNDO, useBuilder, useElementProp, useElementSelector } from './builderContext.ts';
import { DocumentTextField } from './DocumentTextField.tsx';

const selectType = (element: { type: string } | null) => element?.type ?? null;

import { FormFieldsEditor } from './FormFieldsEditor.tsx';
import { ImageField } from './ImageField.tsx';
import { NavigationDialog } from './NavigationDialog.tsx';
import { NumberField } from './NumberField.tsx';
import { StoreField } from './StoreField.tsx';

// Fields whose changes come in bursts (keystrokes, a slider or colour drag): one undo step per burst. Every
// other control's change is a command of its own.
const BURST_KINDS = new Set<FieldSpec['kind']>([
  'text',
  'url',
  'textarea',
  'number',
  'color',
  'slider',
  'formFields',
]);

/** The selected element's fields, from its type's field specs; edits are clamped to the spec limits. */
export function PropertiesPanel({ id }: { id: string }) {
  const { store } = useBuilder();
  // Only the type (which fields to show): each field subscribes to its own value.
  const type = useElementSelector(id, selectType);
  // Stable across edits and reading the element at call time, so only the edited field re-renders.
  const set = useCallback(
    (key: string, value: unknown, burst: boolean) => {
      const current = store.getElement(id);
      if (!current) return;
      const extra = key === 'formPreset' ? presetPatch(String(value)) : {};
      const patch = normalizeProps(current.type, { ...current.props, [key]: value, ...extra });
      const changed = Object.fromEntries(Object.entries(patch).filter(([k, v]) => current.props[k] !== v));
      // Edit Navigation also remembers the page links the owner took out (a new page does not bring them back).
      const apply =
        key === 'navItems'
          ? () => editNavigation(store.site, id, value as NavItem[])
          : () => updateElement(store.site, id, changed);
      if (burst) store.type(`${id}:${key}`, apply);
      else store.edit(apply);
    },
    [store, id],
  );
  const definition = type ? definitionOf(type) : null;
  if (!definition) return null;
  return (
    <Box aria-label="Properties" sx={{ my: 2 }} {...DOCUMENT_UNDO} onBlur={store.endTyping}>
      <Typography variant="subtitle1" component="h2">
        {definition.label} Properties
      </Typography>
      {definition.fields.map((field) => (
        <FieldRow key={field.key} id={id} field={field} onSet={set} />
      ))}
    </Box>
  );
}

/** One field, subscribed to its own value: re-renders only when that value changes. */
const FieldRow = memo(function FieldRow({
  id,
  field,
  onSet,
}: {
  id: string;
  field: FieldSpec;
  onSet: (key: string, value: unknown, burst: boolean) => void;
}) {
  const value = useElementProp(id, field.key);
  // A field that applies to one choice only (a background's colour, gradient or image) follows that choice.
  const control = useElementProp(id, field.shownWhen?.key ?? field.key);
  // `burst` overrides the kind's: an image's typed address is a burst, its upload a command.
  const onChange = useCallback(
    (next: unknown, burst = BURST_KINDS.has(field.kind)) => onSet(field.key, next, burst),
    [onSet, field.key, field.kind],
  );
  if (!isFieldShown(field, control)) return null;
  return <FieldEditor field={field} value={value} onChange={onChange} />;
});

function presetPatch(preset: string) {
  const found = FORM_PRESETS[preset as keyof typeof FORM_PRESETS];
  return found ? { content: found.title, formFields: found.fields } : {};
}

function FieldEditor({
  field,
  value,
  onChange,
}: {
  field: FieldSpec;
  value: unknown;
  onChange: (value: unknown, burst?: boolean) => void;
}) {
  const common = { fullWidth: true, size: 'small' as const, margin: 'dense' as const, label: field.label };
  // The store elements' Store ID: a choice among the account's stores.
  if (field.key === 'storeId') {
    return <StoreField label="Store" value={typeof value === 'string' ? value : ''} onChange={onChange} />;
  }
  switch (field.kind) {
    case 'text':
    case 'url':
      return (
        <DocumentTextField
          label={field.label}
          value={typeof value === 'string' || typeof value === 'number' ? String(value) : ''}
          onChange={onChange}
        />
      );
    case 'textarea':
      return (
        <DocumentTextField
          label={field.label}
          multiline
          value={typeof value === 'string' ? value : ''}
          onChange={onChange}
        />
      );
    case 'color':
      return (
        <TextField
          {...common}
          type="color"
          value={typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value) ? value : '#ffffff'}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'number':
      return (
        <NumberField
          label={field.label}
          min={field.min}
          max={field.max}
          step={field.step ?? 1}
          value={typeof value === 'number' ? value : null}
          onChange={onChange}
        />
      );
    case 'slider':
      return (
        <Box sx={{ mt: 1 }}>
          <Typography variant="caption">
            {field.label}: {typeof value === 'number' ? value : '—'}
          </Typography>
          <Slider
            aria-label={field.label}
            size="small"
            min={field.min}
            max={field.max}
            step={field.step ?? 1}
            value={typeof value === 'number' ? value : field.min}
            onChange={(_, v) => onChange(v as number)}
          />
        </Box>
      );
    case 'select':
      return (
        <TextField
          {...common}
          select
          value={value === undefined ? '' : String(value)}
          onChange={(e) =>
            onChange(
              /^\d+$/.test(e.target.value) && field.key === 'gridColumns'
                ? Number(e.target.value)
                : e.target.value,
            )
          }
        >
          {field.options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      );
    case 'switch':
      return (
        <FormControlLabel
          control={<Switch checked={value === true} onChange={(e) => onChange(e.target.checked)} />}
          label={field.label}
        />
      );
    case 'image':
      return (
        <ImageField label={field.label} value={typeof value === 'string' ? value : ''} onChange={onChange} />
      );
    case 'formFields':
      return <FormFieldsEditor value={value} onChange={onChange} />;
    case 'navItems':
      return <NavigationButton value={value} onChange={onChange} />;
  }
}

function NavigationButton({ value, onChange }: { value: unknown; onChange: (value: unknown) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" size="small" sx={{ mt: 1 }} onClick={() => setOpen(true)}>
        Edit Navigation
      </Button>
      <NavigationDialog
        open={open}
        value={value}
        onClose={() => setOpen(false)}
        onSave={(items) => {
          onChange(items);
          setOpen(false);
        }}
      />
    </>
  );
}
