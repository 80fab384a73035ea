import { useContext } from 'react';
import { FORM_VALUE_MAX_LENGTH } from '../../../contracts/forms.ts';
import { PublishedContext } from '../../published/publishedContext.ts';
import { HONEYPOT_FIELD } from '../../published/publishTypes.ts';
import { FORM_FIELD_TYPES, FORM_PRESETS, type FormField } from '../constants.ts';
import { backgroundFields, boxStyle, text } from '../shared.tsx';
import { type ElementDefinition, options } from '../types.ts';

/** The form's fields, malformed entries dropped and unknown types shown as text inputs. */
export function formFieldsOf(value: unknown): FormField[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(
      (field): field is FormField =>
        typeof field === 'object' && field !== null && typeof field.id === 'string',
    )
    .map((field) => ({
      ...field,
      type: (FORM_FIELD_TYPES as readonly string[]).includes(field.type) ? field.type : 'text',
    }));
}

function Field({ formId, field }: { formId: string; field: FormField }) {
  const inputId = `${formId}-${field.id}`;
  const label = (
    <label htmlFor={inputId} style={{ display: 'block', fontWeight: 600, marginBottom: 4 }}>
      {field.label}
      {field.required ? <span style={{ color: '#d32f2f' }}> *</span> : null}
    </label>
  );
  const common = {
    id: inputId,
    name: field.label,
    required: field.required === true,
    style: { width: '100%', padding: 8 },
  };
  const choices = field.options ?? [];
  switch (field.type) {
    case 'textarea':
      return (
        <div style={{ marginBottom: 12 }}>
          {label}
          <textarea
            {...common}
            rows={4}
            maxLength={FORM_VALUE_MAX_LENGTH}
            placeholder={field.placeholder}
            defaultValue={field.value}
          />
        </div>
      );
    case 'select':
      return (
        <div style={{ marginBottom: 12 }}>
          {label}
          <select {...common} defaultValue={field.value}>
            {choices.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </select>
        </div>
      );
    case 'checkbox':
      return (
        <div style={{ marginBottom: 12 }}>
          <label>
            <input type="checkbox" id={inputId} name={field.label} required={field.required === true} />{' '}
            {field.label}
            {field.required ? <span style={{ color: '#d32f2f' }}> *</span> : null}
          </label>
        </div>
      );
    case 'radio':
      return (
        <fieldset style={{ marginBottom: 12, border: 0, padding: 0 }}>
          <legend style={{ fontWeight: 600 }}>
            {field.label}
            {field.required ? <span style={{ color: '#d32f2f' }}> *</span> : null}
          </legend>
          {choices.map((choice) => (
            <label key={choice} style={{ marginRight: 12 }}>
              <input type="radio" name={field.label} value={choice} required={field.required === true} />{' '}
              {choice}
            </label>
          ))}
        </fieldset>
      );
    default:
      return (
        <div style={{ marginBottom: 12 }}>
          {label}
          <input
            {...common}
            type={field.type}
            maxLength={FORM_VALUE_MAX_LENGTH}
            placeholder={field.placeholder}
            defaultValue={field.value}
          />
        </div>
      );
  }
}

/** Hidden from people (off-screen, skipped by tab and autofill); only published pages carry it. */
function Honeypot() {
  if (!useContext(PublishedContext)) return null;
  return (
    <div className="bz-hp" aria-hidden="true">
      <label>
        Website
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/** A form (presets contact and subscribe); submissions are handled by the published site. */
const FORM_PADDING = '20px';

export const formElement: ElementDefinition = {
  type: 'form',
  label: 'Form',
  container: false,
  defaults: () => ({
    formPreset: 'contact',
    content: FORM_PRESETS.contact.title,
    formDescription: '',
    formFields: FORM_PRESETS.contact.fields,
    submitText: 'Submit',
    padding: FORM_PADDING,
  }),
  fields: [
    { key: 'formPreset', label: 'Preset', kind: 'select', options: options(Object.keys(FORM_PRESETS)) },
    { key: 'content', label: 'Form Title', kind: 'text' },
    { key: 'formDescription', label: 'Description', kind: 'textarea' },
    { key: 'submitText', label: 'Submit Text', kind: 'text' },
    { key: 'formFields', label: 'Fields', kind: 'formFields' },
    ...backgroundFields,
  ],
  normalize: (props) => {
    const preset = FORM_PRESETS[text(props, 'formPreset') as keyof typeof FORM_PRESETS];
    return props.formPreset !== undefined && preset && props.formFields === undefined
      ? { ...props, content: preset.title, formFields: preset.fields }
      : props;
  },
  Render: ({ id, props }) => (
    <form
      data-element-id={id}
      data-form-id={id}
      // A form without a padding of its own (the templates' forms) keeps the default's room from the page's edges:
      // on a phone its fields and title ran to the screen's edge.
      style={{ padding: FORM_PADDING, ...boxStyle(props), maxWidth: 600, margin: '0 auto' }}
      noValidate={false}
    >
      <h3 style={{ marginTop: 0 }}>{text(props, 'content')}</h3>
      {text(props, 'formDescription') ? <p>{text(props, 'formDescription')}</p> : null}
      {formFieldsOf(props.formFields).map((field) => (
        <Field key={field.id} formId={id} field={field} />
      ))}
      <Honeypot />
      <button
        type="submit"
        style={{ padding: '10px 24px', background: '#1976d2', color: '#fff', border: 0, borderRadius: 4 }}
      >
        {text(props, 'submitText', 'Submit')}
      </button>
    </form>
  ),
};
