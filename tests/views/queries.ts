import { type ByRoleOptions, fireEvent, screen, within } from '@testing-library/react';

type WaitOptions = { timeout?: number };

/** The helper text a field points to (what a screen reader reads after its label), or null. */
export function descriptionOf(field: HTMLElement): string | null {
  const ids = field.getAttribute('aria-describedby')?.split(/\s+/).filter(Boolean) ?? [];
  const texts = ids.map((id) => document.getElementById(id)?.textContent ?? '').filter(Boolean);
  return texts.length ? texts.join(' ') : null;
}

/**
 * The toast titled `title` once shown: its role ('status', or 'alert' for an error) and its lines
 * (the title, then the message if any).
 */
export async function findToast(title: string, options?: WaitOptions) {
  const heading = await screen.findByText(
    title,
    { selector: '[role="alert"] > *, [role="status"] > *' },
    options,
  );
  const toast = heading.parentElement as HTMLElement;
  return { role: toast.getAttribute('role'), lines: Array.from(toast.children, (line) => line.textContent) };
}

/** A click on the dimmed page beside the open dialog (MUI's dialog container, outside its paper). */
export function clickBesideDialog() {
  const container = document.querySelector('.MuiDialog-container');
  if (!(container instanceof HTMLElement)) throw new Error('no dialog open');
  fireEvent.mouseDown(container);
  fireEvent.click(container);
}

/** The visible text of each element, in document order. */
export const textsOf = (elements: readonly Element[]) => elements.map((element) => element.textContent);

/** The text of every element of `role` (with `options`) in `container`, in document order. */
export function textsByRole(container: HTMLElement, role: string, options?: ByRoleOptions): string[] {
  return within(container)
    .queryAllByRole(role, options)
    .map((element) => element.textContent ?? '');
}

/** Each row of a table or data grid as the texts of its cells (header rows included), in order. */
export function rowsOf(table: HTMLElement): string[][] {
  return within(table).getAllByRole('row').map(cellTexts);
}

const CELLS = 'td, th, [role="cell"], [role="gridcell"], [role="columnheader"], [role="rowheader"]';
/** A cell's text; for a cell of icons only (a check mark, stars), their labels. */
const cellText = (cell: Element) =>
  cell.textContent ||
  Array.from(cell.querySelectorAll('[aria-label]'), (labelled) => labelled.getAttribute('aria-label')).join(
    ' ',
  );
const cellTexts = (row: Element) => Array.from(row.querySelectorAll(CELLS), cellText);

/** The texts of the cells of the table or grid row holding `element`. */
export function rowOf(element: HTMLElement): string[] {
  const row = element.closest('tr, [role="row"]');
  if (!row) throw new Error('no table row holds the element');
  return cellTexts(row);
}

/** Whether the page would ask before it unloads (a reload, a closed tab): a `beforeunload` it prevents. */
export function unloadAsks(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

/** A click on a section of the dashboard's sidebar ("Online Store"). */
export function clickSection(name: string) {
  fireEvent.click(
    within(screen.getByRole('navigation', { name: 'Sections' })).getAllByRole('button', {
      name,
    })[0] as HTMLElement,
  );
}
