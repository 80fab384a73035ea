import type { ReactElement, ReactNode } from 'react';
import type { ElementProps } from '../siteDoc.ts';

/** The fifteen element types of spec §3. */
export const ELEMENT_TYPES = [
  'header',
  'text',
  'button',
  'image',
  'section',
  'footer',
  'navbar',
  'card',
  'form',
  'product-card',
  'product-grid',
  'shopping-cart',
  'grid',
  'container',
  'section-layout',
] as const;
export type ElementType = (typeof ELEMENT_TYPES)[number];

export type Option = { value: string; label: string };

/**
 * Shows a field only while another property of the element has the value `equals` (an unset or empty property
 * counts as `fallback`, the value its renderer assumes): e.g. the gradient only for Background Type gradient.
 */
export type ShownWhen = { key: string; equals: string; fallback: string };

/** One editor of the properties panel. */
export type FieldSpec = { key: string; label: string; shownWhen?: ShownWhen } & (
  | { kind: 'text' | 'textarea' | 'url' | 'color' | 'image' }
  | { kind: 'number' | 'slider'; min: number; max: number; step?: number }
  | { kind: 'select'; options: Option[] }
  | { kind: 'switch' }
  | { kind: 'formFields' | 'navItems' }
);

/** What a renderer receives: the element id (for `data-element-id`), its properties, its rendered children. */
export type RenderProps = { id: string; props: ElementProps; children?: ReactNode };

/** One element type: defaults, panel fields, limits and the pure React renderer. */
export type ElementDefinition = {
  type: ElementType;
  label: string;
  /** Holds child elements (drop target, add-into-container picker). */
  container: boolean;
  defaults: () => ElementProps;
  fields: FieldSpec[];
  /** Brings edited values within the limits of spec §5/§9. */
  normalize?: (props: ElementProps) => ElementProps;
  /**
   * Properties whose default text only asks the owner to write their own ('Add your text here. Click to
   * edit.'): left as they are, visitors would read the prompt (see `startingText.ts`).
   */
  startingText?: readonly string[];
  Render: (props: RenderProps) => ReactElement;
};

/** Whether the panel shows `field`, given the value of the property its `shownWhen` names. */
export function isFieldShown(field: FieldSpec, control: unknown): boolean {
  const when = field.shownWhen;
  if (!when) return true;
  return (typeof control === 'string' && control !== '' ? control : when.fallback) === when.equals;
}

export const options = (values: readonly (string | number)[]): Option[] =>
  values.map((value) => ({ value: String(value), label: String(value) }));
