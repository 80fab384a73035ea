/**
 * What an edit sends: the fields of `input` that differ from `opened` (the same form's input as it opened).
 * The others are left out, so the server keeps what it has now — another member's edit, stock sold, a card
 * moved to another stage meanwhile — instead of the form's older copy. Empty when nothing was changed.
 */
export function changedFields<T extends object>(input: T, opened: T): Partial<T> {
  const keys = Object.keys(input) as (keyof T)[];
  const changed = keys.filter((key) => JSON.stringify(input[key]) !== JSON.stringify(opened[key]));
  return Object.fromEntries(changed.map((key) => [key, input[key]])) as Partial<T>;
}

/** Whether `fields` (from `changedFields`) has nothing to send. */
export const nothingChanged = (fields: object): boolean => Object.keys(fields).length === 0;
