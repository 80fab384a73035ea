// Spec §5 and §9: the limits, presets and defaults of the builder's elements.

export const FONT_SIZE = { min: 12, max: 48, default: 16 } as const;
export const BUTTON_LIMITS = {
  width: { min: 50, max: 600 },
  height: { min: 24, max: 200 },
  borderRadius: { min: 0, max: 50 },
} as const;

export const CONTAINER_WIDTHS = { narrow: '800px', medium: '1200px', wide: '1400px', full: '100%' } as const;
export const CONTAINER_PADDINGS = { none: '0', small: '20px', medium: '40px', large: '60px' } as const;
export const SECTION_HEIGHTS = {
  small: '300px',
  medium: '500px',
  large: '700px',
  full: '100vh',
  auto: 'auto',
} as const;

export const GRID_COLUMNS = [2, 3, 4] as const;
export const GRID_GAPS = { none: '0', small: '10px', medium: '20px', large: '30px' } as const;
export const GRID_ALIGNMENTS = ['stretch', 'start', 'center', 'end'] as const;

export const BREAKPOINTS = { mobile: 768, tablet: 1024 } as const;

export const NAVBAR_THEMES = ['light', 'dark', 'custom'] as const;
export const NAVBAR_POSITIONS = ['static', 'sticky', 'fixed'] as const;
export const SUB_MENU_WIDTH = 200;
export const DEFAULT_NAV_LABELS = ['Home', 'About', 'Services', 'Contact'] as const;

export const CARD_VARIANTS = ['basic', 'horizontal', 'feature', 'pricing', 'testimonial'] as const;

export const FORM_FIELD_TYPES = [
  'text',
  'email',
  'tel',
  'number',
  'date',
  'textarea',
  'select',
  'checkbox',
  'radio',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];
export type FormField = {
  id: string;
  type: FormFieldType;
  label: string;
  placeholder?: string;
  required?: boolean;
  value?: string;
  options?: string[];
};

export const FORM_PRESETS: Record<'contact' | 'subscribe', { title: string; fields: FormField[] }> = {
  contact: {
    title: 'Contact Us',
    fields: [
      { id: 'name', type: 'text', label: 'Name', placeholder: 'Your name', required: true },
      { id: 'email', type: 'email', label: 'Email', placeholder: 'you@example.com', required: true },
      { id: 'message', type: 'textarea', label: 'Message', placeholder: 'Your message', required: true },
    ],
  },
  subscribe: {
    title: 'Subscribe to our Newsletter',
    fields: [
      { id: 'email', type: 'email', label: 'Email', placeholder: 'you@example.com', required: true },
      { id: 'consent', type: 'checkbox', label: 'I agree to receive emails', required: true },
    ],
  },
};

export const GRADIENT_PRESETS: Record<string, string> = {
  'Purple Blue': 'linear-gradient(135deg, #667eea 0%, #764ba2 100%)',
  'Pink Red': 'linear-gradient(135deg, #f093fb 0%, #f5576c 100%)',
  'Blue Cyan': 'linear-gradient(135deg, #4facfe 0%, #00f2fe 100%)',
  'Green Mint': 'linear-gradient(135deg, #43e97b 0%, #38f9d7 100%)',
  'Pink Yellow': 'linear-gradient(135deg, #fa709a 0%, #fee140 100%)',
  'Mint Pink': 'linear-gradient(135deg, #a8edea 0%, #fed6e3 100%)',
  'Coral Pink': 'linear-gradient(135deg, #ff9a9e 0%, #fecfef 100%)',
  'Peach Orange': 'linear-gradient(135deg, #ffecd2 0%, #fcb69f 100%)',
  'Purple Pink': 'linear-gradient(135deg, #a18cd1 0%, #fbc2eb 100%)',
  Sunset: 'linear-gradient(135deg, #fa8bff 0%, #2bd2ff 52%, #2bff88 90%)',
};

/** Nine named fonts; '' is the default font. */
export const FONTS = [
  'Arial',
  'Helvetica',
  'Georgia',
  'Times New Roman',
  'Verdana',
  'Roboto',
  'Open Sans',
  'Montserrat',
  'Poppins',
] as const;
export const FONT_WEIGHTS = [
  'normal',
  'bold',
  'lighter',
  '100',
  '200',
  '300',
  '400',
  '500',
  '600',
  '700',
  '800',
  '900',
] as const;

// The product card's defaults are the store's (one home, in the contracts).
export { PRODUCT_DEFAULTS } from '../../contracts/store.ts';
export const PRODUCT_CARD_WIDTH = 280;
export const DEFAULT_STORE_ID = 'default-store';
export const DEFAULT_CANVAS_BACKGROUND = '#ffffff';

/** A number from user input kept within bounds (non-numbers fall back). */
export function clampNumber(value: unknown, min: number, max: number, fallback: number): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return fallback;
  return Math.min(max, Math.max(min, n));
}

/** Comma-separated options: trimmed, empties dropped (spec §5). */
export function parseOptions(text: string): string[] {
  return text
    .split(',')
    .map((option) => option.trim())
    .filter((option) => option !== '');
}

/** A footer list: items separated by '|' (spec §3). */
export function parsePipeList(value: unknown): string[] {
  return typeof value === 'string'
    ? value
        .split('|')
        .map((item) => item.trim())
        .filter((item) => item !== '')
    : [];
}

/**
 * Layout rules shared by the canvas and the exported HTML (the grid collapses at ≤ 768 px; a product grid's
 * fixed-width cards then sit in the middle of its one column).
 */
export const SITE_CSS = `
.bz-site{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#222;background:${DEFAULT_CANVAS_BACKGROUND}}
.bz-site *{box-sizing:border-box}
.bz-grid{display:grid}
.bz-nav ul{list-style:none;margin:0;padding:0;display:flex;gap:16px}
.bz-nav li{position:relative}
.bz-nav li>ul{display:none;position:absolute;top:100%;left:0;flex-direction:column;background:inherit;padding:8px;z-index:10}
.bz-nav li:hover>ul{display:flex}
.bz-nav-toggle{display:none;background:none;border:1px solid currentColor;color:inherit;border-radius:4px;padding:4px 10px;font-size:18px}
@media (max-width:${BREAKPOINTS.mobile}px){.bz-grid{grid-template-columns:1fr !important}.bz-layout{grid-template-columns:1fr !important}.bz-grid[data-store-products]{justify-items:center}}
`;

/**
 * A navbar on a small screen, as visitors see it: its links fold behind the ☰ Menu button. In the published pages
 * (whose script opens it) and in every page document (the Preview's phone and tablet), not in the editor's
 * canvas, where the owner edits the links.
 */
export const NAV_MOBILE_CSS = `@media (max-width:${BREAKPOINTS.mobile}px){.bz-nav{flex-wrap:wrap}.bz-nav-toggle{display:block}.bz-nav>ul{display:none;width:100%;flex-direction:column}.bz-nav.bz-open>ul{display:flex}.bz-nav li>ul{position:static}}`;
