import { BUSINESS_TOKENS } from './businessTokens.ts';
import { DEFAULT_STORE_ID } from './elements/constants.ts';
import type { ElementNode } from './ops/elementOps.ts';

export type TemplateCategory = 'business' | 'portfolio' | 'ecommerce' | 'blog' | 'landing';

/** A starting point for a page (spec §3). */
export type Template = {
  id: string;
  name: string;
  description: string;
  category: TemplateCategory;
  thumbnail: string;
  elements: ElementNode[];
};

export const CATEGORY_LABELS: Record<TemplateCategory, string> = {
  business: 'Business',
  portfolio: 'Portfolio',
  ecommerce: 'E-commerce',
  blog: 'Blog',
  landing: 'Landing Page',
};

/** A small picture of a template's layout (navbar, hero in its colours, three blocks), as an SVG data URL. */
export function svgThumbnail(from: string, to: string, label: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200" viewBox="0 0 320 200"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="320" height="200" fill="#fff"/><rect width="320" height="22" fill="#f2f2f2"/><circle cx="14" cy="11" r="5" fill="${from}"/><rect x="220" y="8" width="86" height="6" rx="3" fill="#ccc"/><rect y="22" width="320" height="92" fill="url(#g)"/><text x="160" y="74" font-family="sans-serif" font-size="20" font-weight="700" fill="#fff" text-anchor="middle">${label}</text><rect x="16" y="126" width="88" height="52" rx="6" fill="#eee"/><rect x="116" y="126" width="88" height="52" rx="6" fill="#eee"/><rect x="216" y="126" width="88" height="52" rx="6" fill="#eee"/><rect y="186" width="320" height="14" fill="#222"/></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

// The brand is the owner's business name (a token the renderers fill from the profile), never a
// placeholder company: a site made from a template shows whose it is from the start.
const nav = (): ElementNode => ({
  type: 'navbar',
  props: { logoText: BUSINESS_TOKENS.name, colorScheme: 'light', position: 'static', navItems: [] },
});
// The footer carries the #contact anchor of the heroes' buttons, and the business's own details (tokens).
// A template is one page, so its quick links name only Home (no About or Contact page it does not have).
const footer = (): ElementNode => ({
  type: 'footer',
  props: {
    content: `© ${BUSINESS_TOKENS.name}. All rights reserved.`,
    anchorId: 'contact',
    quickLinks: 'Home',
    contactInfo: `${BUSINESS_TOKENS.email}|${BUSINESS_TOKENS.phone}|${BUSINESS_TOKENS.address}`,
    socialLinks: BUSINESS_TOKENS.social,
    backgroundColor: '#222222',
    color: '#ffffff',
    padding: '40px 20px',
  },
});
const hero = (title: string, subtitle: string, gradient: string): ElementNode => ({
  type: 'section',
  props: {
    sectionHeight: 'medium',
    sectionAlignment: 'center',
    backgroundType: 'gradient',
    backgroundGradient: gradient,
    padding: '40px 20px',
  },
  children: [
    {
      type: 'header',
      props: { content: title, subtitle, level: 'h1', fontSize: 48, textAlign: 'center', color: '#ffffff' },
    },
    {
      type: 'button',
      props: {
        buttonText: 'Get Started',
        buttonUrl: '#contact',
        width: 180,
        height: 48,
        borderRadius: 24,
        backgroundColor: '#ffffff',
        color: '#333333',
        align: 'center',
      },
    },
  ],
});
const pricing = (title: string, price: string): ElementNode => ({
  type: 'card',
  props: {
    cardVariant: 'pricing',
    content: title,
    price,
    description: 'Everything you need to start.',
    buttonText: 'Choose',
    buttonUrl: '#',
  },
});

/** The five templates of spec §3; the first three are offered for new pages. */
/** A blog post teaser card. */
function post(title: string, summary: string): ElementNode {
  return { type: 'card', props: { cardVariant: 'basic', content: title, description: summary } };
}

export const TEMPLATES: Template[] = [
  {
    id: 'business-professional',
    name: 'Business Professional',
    description: 'A clean site for a professional service business.',
    category: 'business',
    thumbnail: svgThumbnail('#667eea', '#764ba2', 'Business'),
    elements: [
      nav(),
      hero('Professional Services', 'Trusted by businesses like yours', 'Purple Blue'),
      {
        type: 'grid',
        props: { gridColumns: 3, gridGap: 'medium', padding: '40px 20px' },
        children: [
          {
            type: 'card',
            props: {
              cardVariant: 'feature',
              content: 'Consulting',
              description: 'Expert advice for growth.',
            },
          },
          {
            type: 'card',
            props: { cardVariant: 'feature', content: 'Strategy', description: 'Plans that work.' },
          },
          {
            type: 'card',
            props: { cardVariant: 'feature', content: 'Support', description: 'Always here to help.' },
          },
        ],
      },
      {
        type: 'grid',
        props: { gridColumns: 3, gridGap: 'medium', padding: '40px 20px' },
        children: [pricing('Starter', '9'), pricing('Pro', '29'), pricing('Enterprise', '99')],
      },
      footer(),
    ],
  },
  {
    id: 'portfolio-minimal',
    name: 'Portfolio Minimal',
    description: 'Show your work with a minimal portfolio.',
    category: 'portfolio',
    thumbnail: svgThumbnail('#a8edea', '#fed6e3', 'Portfolio'),
    elements: [
      nav(),
      {
        type: 'header',
        props: {
          content: 'Hi, I make things',
          subtitle: 'Design · Photography · Code',
          fontSize: 40,
          textAlign: 'center',
          padding: '60px 20px',
        },
      },
      {
        type: 'grid',
        props: { gridColumns: 2, gridGap: 'large', padding: '20px' },
        children: [
          {
            type: 'card',
            props: {
              cardVariant: 'basic',
              content: 'Project One',
              description: 'A short story about the project.',
            },
          },
          {
            type: 'card',
            props: { cardVariant: 'basic', content: 'Project Two', description: 'Another piece of work.' },
          },
        ],
      },
      {
        type: 'form',
        props: {
          formPreset: 'contact',
          content: 'Contact Us',
          formFields: [
            { id: 'name', type: 'text', label: 'Name', required: true },
            { id: 'email', type: 'email', label: 'Email', required: true },
            { id: 'message', type: 'textarea', label: 'Message', required: true },
          ],
          submitText: 'Send',
        },
      },
      footer(),
    ],
  },
  {
    id: 'ecommerce-modern',
    name: 'E-commerce Modern',
    description: 'A modern storefront with products and a cart.',
    category: 'ecommerce',
    thumbnail: svgThumbnail('#f093fb', '#f5576c', 'Shop'),
    elements: [
      nav(),
      hero('New Collection', 'Fresh arrivals every week', 'Pink Red'),
      {
        type: 'product-grid',
        props: { content: 'Featured Products', storeId: DEFAULT_STORE_ID, gridColumns: 3 },
      },
      { type: 'shopping-cart', props: { storeId: DEFAULT_STORE_ID } },
      footer(),
    ],
  },
  {
    id: 'blog-minimal',
    name: 'Blog Minimal',
    description: 'A simple blog layout.',
    category: 'blog',
    thumbnail: svgThumbnail('#ffecd2', '#fcb69f', 'Blog'),
    elements: [
      nav(),
      {
        type: 'header',
        props: {
          content: BUSINESS_TOKENS.name,
          subtitle: 'Notes, stories and news',
          fontSize: 40,
          textAlign: 'center',
          padding: '60px 20px',
        },
      },
      {
        type: 'section',
        props: { padding: '20px' },
        children: [
          { type: 'header', props: { content: 'Latest posts', fontSize: 28 } },
          {
            type: 'grid',
            props: { gridColumns: 3, gridGap: 'medium', padding: '20px 0' },
            children: [
              post('Why we started', 'The story behind this blog and what you will find here.'),
              post('Five things we learned this year', 'Small lessons that made a big difference.'),
              post('Behind the scenes', 'A look at how the work gets done, day to day.'),
            ],
          },
        ],
      },
      {
        type: 'section',
        props: { padding: '40px 20px' },
        children: [
          { type: 'header', props: { content: 'About the author', fontSize: 28 } },
          {
            type: 'text',
            props: {
              content: 'I write about the things I care about. Thanks for reading, and say hello below.',
            },
          },
        ],
      },
      {
        type: 'form',
        props: {
          formPreset: 'subscribe',
          content: 'Get new posts by email',
          formFields: [{ id: 'email', type: 'email', label: 'Email', required: true }],
          submitText: 'Subscribe',
        },
      },
      footer(),
    ],
  },
  {
    id: 'landing-startup',
    name: 'Landing Startup',
    description: 'A landing page for a startup launch.',
    category: 'landing',
    thumbnail: svgThumbnail('#4facfe', '#00f2fe', 'Startup'),
    elements: [
      nav(),
      hero('Launch faster', 'The tool your team needs', 'Blue Cyan'),
      {
        type: 'form',
        props: {
          formPreset: 'subscribe',
          content: 'Subscribe to our Newsletter',
          formFields: [
            { id: 'email', type: 'email', label: 'Email', required: true },
            { id: 'consent', type: 'checkbox', label: 'I agree to receive emails', required: true },
          ],
        },
      },
      footer(),
    ],
  },
];

/** Blank plus the first three templates (spec §9). */
export const PAGE_TEMPLATES = TEMPLATES.slice(0, 3);

/** Whether a template's elements show a store (a product grid, a cart…). */
export const showsStore = (nodes: readonly ElementNode[]): boolean =>
  nodes.some((node) => node.props.storeId === DEFAULT_STORE_ID || showsStore(node.children ?? []));

/**
 * A template's elements for an account whose first store is `storeId`: its store elements show that store's
 * products rather than the placeholder store 'default-store' (which an account has only when it kept that id
 * for its first store). Without a store (null) they stay as they are.
 */
export function withStore(nodes: readonly ElementNode[], storeId: string | null): ElementNode[] {
  if (!storeId) return [...nodes];
  return nodes.map((node) => ({
    ...node,
    props: node.props.storeId === DEFAULT_STORE_ID ? { ...node.props, storeId } : node.props,
    ...(node.children ? { children: withStore(node.children, storeId) } : {}),
  }));
}
