import { isWellFormedEmail } from '../../src/contracts/common.ts';
import { type ImportField, type ImportMapping, inferMapping } from '../../src/contracts/crmImportFields.ts';
import { isStorableText } from '../textGuard.ts';

export {
  IMPORT_FIELDS,
  type ImportField,
  type ImportMapping,
} from '../../src/contracts/crmImportFields.ts';

export type ImportRow = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  company: string;
  tags: string[];
  notes: string;
};

const LIMITS: Record<Exclude<keyof ImportRow, 'tags'>, number> = {
  firstName: 100,
  lastName: 100,
  email: 254,
  phone: 50,
  company: 200,
  notes: 5000,
};

/** For each column index, the field it fills (null: ignored). A sent mapping wins over inference. */
export function columnFields(headers: string[], sent: ImportMapping | null): (ImportField | null)[] {
  const mapping = sent ?? inferMapping(headers);
  const fields = headers.map((header) => mapping[header] || null);
  if (!fields.some((f) => f === 'email' || f === 'firstName' || f === 'lastName' || f === 'name')) {
    throw new Error('No column maps to a name or an email: send a mapping');
  }
  return fields;
}

/** One CSV record as a contact, or the reason it cannot be one. */
export function toImportRow(record: string[], fields: (ImportField | null)[]): ImportRow | string {
  const row: ImportRow = {
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    company: '',
    tags: [],
    notes: '',
  };
  let unstorable: ImportField | null = null;
  fields.forEach((f, index) => {
    const value = (record[index] ?? '').trim();
    if (!f || !value) return;
    // The database refuses NUL: such a row is a bad row, not the end of the whole import.
    if (!isStorableText(value)) unstorable ??= f;
    if (f === 'name') {
      const [first = '', ...rest] = value.split(/\s+/);
      row.firstName ||= first;
      row.lastName ||= rest.join(' ');
    } else if (f === 'tags') {
      row.tags = value
        .split(/[,;|]/)
        .map((tag) => tag.trim())
        .filter(Boolean)
        .slice(0, 50);
    } else if (f === 'email') {
      row.email = value.toLowerCase();
    } else {
      row[f] = value;
    }
  });
  if (unstorable) return `${unstorable} contains a NUL character or an unpaired surrogate`;
  if (row.email && !isWellFormedEmail(row.email)) return `email "${row.email.slice(0, 80)}" is not valid`;
  if (!row.email && !row.firstName && !row.lastName) return 'a contact needs a name or an email';
  for (const [key, max] of Object.entries(LIMITS) as [keyof typeof LIMITS, number][]) {
    if (row[key].length > max) return `${key} is longer than ${max} characters`;
  }
  return row;
}
