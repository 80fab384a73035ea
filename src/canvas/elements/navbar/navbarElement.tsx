import type { CSSProperties } from 'react';
import { BUSINESS_TOKENS } from '../../businessTokens.ts';
import type { NavItem } from '../../ops/pageOps.ts';
import { safeImageUrl, safeUrl } from '../../sanitize.ts';
import { DEFAULT_NAV_LABELS, NAVBAR_POSITIONS, NAVBAR_THEMES, SUB_MENU_WIDTH } from '../constants.ts';
import { text } from '../shared.tsx';
import { type ElementDefinition, options, type ShownWhen } from '../types.ts';

/** The navbar's own colour fields show for the custom theme only (a navbar without a theme is light). */
const CUSTOM_THEME: ShownWhen = { key: 'colorScheme', equals: 'custom', fallback: 'light' };

const THEMES = {
  light: { backgroundColor: '#ffffff', color: '#222222' },
  dark: { backgroundColor: '#1f1f1f', color: '#ffffff' },
} as const;

/** The navbar's items, each sanitised; malformed entries are dropped. */
export function navItemsOf(value: unknown): NavItem[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is NavItem => typeof item === 'object' && item !== null && typeof item.label === 'string',
  );
}

function Items({ items, width }: { items: NavItem[]; width?: number }) {
  return (
    <ul style={width ? { width } : undefined}>
      {items.map((item) => (
        <li key={item.id}>
          <a
            href={safeUrl(item.url)}
            target={item.target === '_blank' ? '_blank' : undefined}
            rel={item.target === '_blank' ? 'noopener noreferrer' : undefined}
            style={{ color: 'inherit', textDecoration: 'none', fontWeight: item.isActive ? 700 : undefined }}
          >
            {item.label}
          </a>
          {item.children && item.children.length > 0 ? (
            <Items items={navItemsOf(item.children)} width={Number(item.subMenuWidth) || SUB_MENU_WIDTH} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** Site navigation: themes light/dark/custom, position static/sticky/fixed, sub menus (200 px default). */
export const navbarElement: ElementDefinition = {
  type: 'navbar',
  label: 'Navbar',
  container: false,
  defaults: () => ({
    // The business's name, as the templates' navbars and the footer show it (never a placeholder brand).
    logoText: BUSINESS_TOKENS.name,
    logo: '',
    colorScheme: 'light',
    position: 'static',
    transparent: false,
    navItems: DEFAULT_NAV_LABELS.map((label) => ({
      id: `nav-default-${label.toLowerCase()}`,
      label,
      url: label === 'Home' ? '/' : `#${label.toLowerCase()}`,
    })),
  }),
  fields: [
    { key: 'logoText', label: 'Logo Text', kind: 'text' },
    { key: 'logo', label: 'Logo Image', kind: 'image' },
    { key: 'colorScheme', label: 'Theme', kind: 'select', options: options(NAVBAR_THEMES) },
    { key: 'position', label: 'Position', kind: 'select', options: options(NAVBAR_POSITIONS) },
    { key: 'transparent', label: 'Transparent', kind: 'switch' },
    // Painted only by the custom theme (light and dark have their own colours).
    { key: 'backgroundColor', label: 'Background Color (custom)', kind: 'color', shownWhen: CUSTOM_THEME },
    { key: 'color', label: 'Text Color (custom)', kind: 'color', shownWhen: CUSTOM_THEME },
    { key: 'navItems', label: 'Navigation', kind: 'navItems' },
  ],
  Render: ({ id, props }) => {
    const scheme = text(props, 'colorScheme', 'light');
    const colors: CSSProperties =
      scheme === 'custom'
        ? {
            backgroundColor: text(props, 'backgroundColor', '#ffffff'),
            color: text(props, 'color', '#222222'),
          }
        : THEMES[scheme === 'dark' ? 'dark' : 'light'];
    if (props.transparent === true) colors.backgroundColor = 'transparent';
    const position = text(props, 'position', 'static');
    const logo = safeImageUrl(props.logo);
    const items = navItemsOf(props.navItems);
    return (
      <nav
        data-element-id={id}
        className="bz-nav"
        style={{
          ...colors,
          position: (NAVBAR_POSITIONS as readonly string[]).includes(position)
            ? (position as CSSProperties['position'])
            : 'static',
          top: 0,
          left: 0,
          right: 0,
          zIndex: 5,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          padding: '16px 24px',
        }}
      >
        <span style={{ display: 'flex', alignItems: 'center', gap: 8, fontWeight: 700, fontSize: 20 }}>
          {logo ? <img src={logo} alt="" style={{ height: 32 }} /> : null}
          {text(props, 'logoText')}
        </span>
        {/* Shown on small screens only (NAV_MOBILE_CSS); the published site's script opens the links with it. A
            navbar with no links has no menu: its button opened an empty one. */}
        {items.length > 0 ? (
          <>
            <button type="button" className="bz-nav-toggle" aria-label="Menu" aria-expanded="false">
              ☰
            </button>
            <Items items={items} />
          </>
        ) : null}
      </nav>
    );
  },
};
