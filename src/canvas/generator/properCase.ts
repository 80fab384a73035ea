// Short words stay lower-case inside a title ("Plumbing and Heating"), as in ordinary English headings.
const MINOR = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'by',
  'for',
  'in',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
]);

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * A name or service typed all in lower case, as a title: every word capitalised except short joining
 * words after the first ('emergency repairs and boiler service' → 'Emergency Repairs and Boiler Service').
 * What the owner already wrote with capitals ('Wedding cakes', 'HVAC repair', 'iPhone') is kept as typed.
 */
export function properCase(value: string): string {
  const trimmed = value.trim();
  if (/[A-Z]/.test(trimmed)) return trimmed;
  return trimmed
    .split(/(\s+)/)
    .map((part, index) => {
      if (/^\s+$/.test(part)) return part;
      if (index > 0 && MINOR.has(part)) return part;
      return part
        .split('-')
        .map((piece) => capitalise(piece))
        .join('-');
    })
    .join('');
}

/** The first letter of a sentence capitalised, the rest as written ('water heaters' → 'Water heaters'). */
export function sentenceCase(value: string): string {
  const trimmed = value.trim();
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
}

/** An industry key as words ('technology' → 'Technology'); 'other' has no label of its own. */
export function industryLabel(industry: string): string | null {
  return industry && industry !== 'other' ? properCase(industry) : null;
}
