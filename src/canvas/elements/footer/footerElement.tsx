import { type ReactNode, useContext } from 'react';
import { isWellFormedEmail } from '../../../contracts/common.ts';
import { type LinkablePage, pageHrefNamed, SitePagesContext } from '../../pageLinks.ts';
import { safeUrl } from '../../safeText.ts';
import { parsePipeList } from '../constants.ts';
import { anchorIdOf } from '../section/sectionElement.tsx';
import { backgroundFields, boxStyle, text, typographyFields } from '../shared.tsx';
import type { ElementDefinition } from '../types.ts';

const linkStyle = { color: 'inherit' } as const;
const PHONE = /^\+?[0-9 ().-]{5,30}$/;
// The networks a social link is labelled with, by the host it points to.
const NETWORKS: [RegExp, string][] = [
  [/(^|\.)facebook\.com$/, 'Facebook'],
  [/(^|\.)instagram\.com$/, 'Instagram'],
  [/(^|\.)linkedin\.com$/, 'LinkedIn'],
  [/(^|\.)(twitter|x)\.com$/, 'X'],
  [/(^|\.)youtube\.com$/, 'YouTube'],
  [/(^|\.)tiktok\.com$/, 'TikTok'],
  [/(^|\.)pinterest\.com$/, 'Pinterest'],
];

/** A contact line as a link where it is an address or a number: mailto: for e-mail, tel: for phones. */
export function contactItem(item: string): ReactNode {
  if (isWellFormedEmail(item)) {
    return (
      <a href={safeUrl(`mailto:${item}`)} style={linkStyle}>
        {item}
      </a>
    );
  }
  if (PHONE.test(item) && /[0-9]{3}/.test(item.replace(/\D/g, ''))) {
    return (
      <a href={safeUrl(`tel:${item.replace(/[^0-9+]/g, '')}`)} style={linkStyle}>
        {item}
      </a>
    );
  }
  return item;
}

/** A social line: an http(s) address becomes a link named after its network; other text stays text. */
export function socialItem(item: string): ReactNode {
  if (!/^https?:\/\//i.test(item)) return item;
  let host = '';
  try {
    host = new URL(item).hostname.toLowerCase();
  } catch {
    return item;
  }
  const label = NETWORKS.find(([pattern]) => pattern.test(host))?.[1] ?? host.replace(/^www\./, '');
  return (
    <a href={safeUrl(item)} style={linkStyle} target="_blank" rel="noopener noreferrer">
      {label}
    </a>
  );
}

/** A quick link: a link to the site's page of that name (as the navbar links it); a name of no page stays text. */
export function quickLinkItem(item: string, pages: readonly LinkablePage[]): ReactNode {
  const href = pageHrefNamed(pages, item);
  if (href === null) return item;
  return (
    <a href={safeUrl(href)} style={linkStyle}>
      {item}
    </a>
  );
}

function QuickLinks({ items }: { items: string[] }) {
  const pages = useContext(SitePagesContext);
  return <List title="Quick Links" items={items} render={(item) => quickLinkItem(item, pages)} />;
}

function List({
  title,
  items,
  render = (item) => item,
}: {
  title: string;
  items: string[];
  render?: (item: string) => ReactNode;
}) {
  if (items.length === 0) return null;
  return (
    <div>
      <h4 style={{ margin: '0 0 8px' }}>{title}</h4>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {items.map((item, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: items are plain text that may repeat
          <li key={i}>{render(item)}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Footer with copyright and three lists, each separated by '|' (spec §3). Quick links that name a page of the
 * site link to it; contact lines that are an e-mail address or a phone number link to them; social lines that
 * are addresses link to the profile.
 */
export const footerElement: ElementDefinition = {
  type: 'footer',
  label: 'Footer',
  container: false,
  defaults: () => ({
    content: '© {{business.name}}. All rights reserved.',
    quickLinks: 'Home|About|Services|Contact',
    contactInfo: '{{business.email}}|{{business.phone}}|{{business.address}}',
    socialLinks: '{{business.social}}',
    backgroundColor: '#222222',
    color: '#ffffff',
    padding: '40px 20px',
  }),
  fields: [
    { key: 'content', label: 'Copyright', kind: 'text' },
    { key: 'quickLinks', label: 'Quick Links (separate with |)', kind: 'text' },
    { key: 'contactInfo', label: 'Contact Info (separate with |; {{business.email}} etc.)', kind: 'text' },
    { key: 'socialLinks', label: 'Social Links (separate with |; {{business.social}})', kind: 'text' },
    { key: 'anchorId', label: 'Anchor (links to #anchor scroll here)', kind: 'text' },
    ...typographyFields,
    ...backgroundFields,
  ],
  Render: ({ id, props }) => (
    <footer id={anchorIdOf(props)} data-element-id={id} style={boxStyle(props)}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 32, justifyContent: 'space-between' }}>
        <QuickLinks items={parsePipeList(props.quickLinks)} />
        <List title="Contact" items={parsePipeList(props.contactInfo)} render={contactItem} />
        <List title="Follow Us" items={parsePipeList(props.socialLinks)} render={socialItem} />
      </div>
      <p style={{ marginTop: 24, textAlign: 'center' }}>{text(props, 'content')}</p>
    </footer>
  ),
};
