import { BUSINESS_TOKENS } from '../businessTokens.ts';
import type { SpecElement, SpecPage } from '../pagesData.ts';
import { industryLabel, properCase, sentenceCase } from './properCase.ts';

/** What the generator works from: the business setup (spec §3 Business) and an optional logo URL. */
export type GeneratorInput = {
  businessName: string;
  industry: string;
  services: string;
  email: string;
  phone: string;
  logo?: string;
};

type Style = {
  gradient: string;
  accent: string;
  tagline: (name: string) => string;
  about: (name: string) => string;
  cta: string;
  theme: 'light' | 'dark';
  servicesIntro: string;
};

// Each industry gets its own colours, words and navbar theme, so generated sites differ by trade.
const STYLES: Record<string, Style> = {
  technology: {
    gradient: 'Blue Cyan',
    accent: '#1565c0',
    tagline: (n) => `${n} builds technology that moves your business forward`,
    about: (n) =>
      `${n} is a technology team that turns ideas into reliable software. We design, build and run systems our clients depend on every day.`,
    cta: 'Start your project',
    theme: 'dark',
    servicesIntro: 'Technology services designed for growth',
  },
  healthcare: {
    gradient: 'Green Mint',
    accent: '#2e7d32',
    tagline: (n) => `${n}: caring for you and your family`,
    about: (n) =>
      `At ${n}, patients come first. Our experienced professionals provide attentive, personal care in a welcoming environment.`,
    cta: 'Book an appointment',
    theme: 'light',
    servicesIntro: 'Care you can count on',
  },
  finance: {
    gradient: 'Purple Blue',
    accent: '#283593',
    tagline: (n) => `${n} helps you plan, save and grow with confidence`,
    about: (n) =>
      `${n} offers clear, independent financial guidance. We help individuals and businesses make confident decisions about their money.`,
    cta: 'Schedule a consultation',
    theme: 'dark',
    servicesIntro: 'Financial services with clarity',
  },
  retail: {
    gradient: 'Pink Red',
    accent: '#c2185b',
    tagline: (n) => `Discover what's new at ${n}`,
    about: (n) =>
      `${n} brings you carefully chosen products and friendly service. Visit us in store or get in touch to find exactly what you need.`,
    cta: 'Shop with us',
    theme: 'light',
    servicesIntro: 'What we offer',
  },
  consulting: {
    gradient: 'Peach Orange',
    accent: '#e65100',
    tagline: (n) => `${n}: expert advice, measurable results`,
    about: (n) =>
      `${n} partners with organisations to solve their hardest problems. We bring experience, structure and a focus on results.`,
    cta: 'Talk to an expert',
    theme: 'light',
    servicesIntro: 'How we help our clients',
  },
  other: {
    gradient: 'Sunset',
    accent: '#6a1b9a',
    tagline: (n) => `Welcome to ${n}`,
    about: (n) =>
      `${n} is proud to serve our community. We combine quality work with friendly, reliable service.`,
    cta: 'Get in touch',
    theme: 'light',
    servicesIntro: 'Our services',
  },
};

/**
 * The services of the business: split on commas, semicolons and new lines, trimmed, in proper case
 * ('boiler repair' → 'Boiler Repair'), unique, at most 12.
 */
export function parseServices(services: string): string[] {
  const seen = new Set<string>();
  const list: string[] = [];
  for (const raw of services.split(/[,;\n]/)) {
    const service = properCase(raw.trim().slice(0, 100));
    if (service && !seen.has(service.toLowerCase())) {
      seen.add(service.toLowerCase());
      list.push(service);
    }
  }
  return list.slice(0, 12);
}

const PAGES = [
  { key: 'home', name: 'Home', path: 'home', isHomePage: true },
  { key: 'about', name: 'About', path: 'about', isHomePage: false },
  { key: 'services', name: 'Services', path: 'services', isHomePage: false },
  { key: 'contact', name: 'Contact', path: 'contact', isHomePage: false },
] as const;

type Draft = { type: string; props: Record<string, unknown>; children?: Draft[] };

// Ids are derived from the page and the position, so the same input always gives the same site.
function build(drafts: Draft[], prefix: string, parentId: string | null): SpecElement[] {
  return drafts.map((draft, index) => {
    const id = `${prefix}-${index + 1}`;
    return {
      ...draft.props,
      id,
      type: draft.type,
      parentId,
      children: build(draft.children ?? [], id, id),
    };
  });
}

/**
 * A complete multi-page site (Home, About, Services with one card per service, Contact with a contact
 * form; navbar and footer with the contact details) in the builder's page format. Deterministic and
 * offline: the same business always gives the same site; the industry sets colours and wording.
 */
export function generateSite(input: GeneratorInput): { name: string; pages: SpecPage[] } {
  const style = STYLES[input.industry] ?? (STYLES.other as Style);
  const name = properCase(input.businessName);
  const services = parseServices(input.services);
  const serviceList = services.length > 0 ? services : ['Our Services'];
  const industry = industryLabel(input.industry);
  // Contact details are business tokens: the renderers fill them from the profile as it is then.
  const contactLine = [BUSINESS_TOKENS.email, BUSINESS_TOKENS.phone, BUSINESS_TOKENS.address].join('|');
  const navbar: Draft = {
    type: 'navbar',
    props: {
      logoText: name,
      logo: input.logo ?? '',
      colorScheme: style.theme,
      position: 'sticky',
      transparent: false,
      navItems: PAGES.map((page) => ({
        id: `nav-${page.key}`,
        label: page.name,
        url: page.isHomePage ? '/' : `/${page.path}`,
        isPage: true,
      })),
    },
  };
  const footer: Draft = {
    type: 'footer',
    props: {
      content: `© ${BUSINESS_TOKENS.name}. All rights reserved.`,
      quickLinks: PAGES.map((page) => page.name).join('|'),
      contactInfo: contactLine,
      socialLinks: BUSINESS_TOKENS.social,
      backgroundColor: '#1f1f1f',
      color: '#ffffff',
      padding: '40px 20px',
    },
  };
  const hero = (title: string, subtitle: string, button?: { text: string; url: string }): Draft => ({
    type: 'section',
    props: {
      sectionHeight: 'small',
      sectionAlignment: 'center',
      backgroundType: 'gradient',
      backgroundGradient: style.gradient,
      padding: '40px 20px',
    },
    children: [
      {
        type: 'header',
        props: { content: title, subtitle, level: 'h1', fontSize: 44, textAlign: 'center', color: '#ffffff' },
      },
      ...(button
        ? [
            {
              type: 'button',
              props: {
                buttonText: button.text,
                buttonUrl: button.url,
                width: 220,
                height: 48,
                borderRadius: 24,
                backgroundColor: '#ffffff',
                color: style.accent,
                align: 'center',
              },
            },
          ]
        : []),
    ],
  });
  const serviceCards = (variant: string): Draft => ({
    type: 'grid',
    props: {
      gridColumns: serviceList.length % 3 === 0 || serviceList.length > 4 ? 3 : 2,
      gridGap: 'medium',
      padding: '40px 20px',
    },
    children: serviceList.map((service) => ({
      type: 'card',
      props: {
        cardVariant: variant,
        content: service,
        description: `${sentenceCase(service)} from ${name}, tailored to your needs.`,
        buttonText: 'Learn more',
        buttonUrl: '/contact',
        buttonColor: style.accent,
      },
    })),
  });
  const text = (content: string): Draft => ({
    type: 'text',
    props: { content, fontSize: 18, textAlign: 'center', padding: '30px 20px' },
  });
  const heading = (content: string): Draft => ({
    type: 'header',
    props: { content, level: 'h2', fontSize: 32, textAlign: 'center', padding: '30px 20px 0' },
  });

  // The home page's contact band: the anchor #contact of its call to action leads here.
  const contactSection: Draft = {
    type: 'section',
    props: { anchorId: 'contact', sectionHeight: 'auto', backgroundColor: '#f5f5f5', padding: '40px 20px' },
    children: [
      heading('Contact Us'),
      text(`Call us at ${BUSINESS_TOKENS.phone} or write to ${BUSINESS_TOKENS.email}.`),
    ],
  };
  const aboutLine = `${style.about(name)} ${name} offers ${serviceList.join(', ')}.`;
  const servicesSubtitle = industry ? `${industry} services from ${name}` : style.servicesIntro;

  const bodies: Record<(typeof PAGES)[number]['key'], Draft[]> = {
    home: [
      hero(name, style.tagline(name), { text: style.cta, url: '#contact' }),
      heading(style.servicesIntro),
      serviceCards('feature'),
      contactSection,
    ],
    about: [hero(`About ${name}`, style.tagline(name)), text(aboutLine)],
    services: [hero('Our Services', servicesSubtitle), serviceCards('basic')],
    contact: [
      hero('Contact Us', `We would love to hear from you`),
      text(`Email: ${BUSINESS_TOKENS.email} · Phone: ${BUSINESS_TOKENS.phone}`),
      {
        type: 'form',
        props: {
          formPreset: 'contact',
          content: 'Contact Us',
          formDescription: `Send ${name} a message and we will get back to you.`,
          submitText: 'Send Message',
          formFields: [
            { id: 'name', type: 'text', label: 'Name', placeholder: 'Your name', required: true },
            { id: 'email', type: 'email', label: 'Email', placeholder: 'you@example.com', required: true },
            {
              id: 'message',
              type: 'textarea',
              label: 'Message',
              placeholder: 'Your message',
              required: true,
            },
          ],
          padding: '20px',
        },
      },
    ],
  };

  const pages = PAGES.map((page) => ({
    id: `page-${page.key}`,
    name: page.name,
    path: page.path,
    isHomePage: page.isHomePage,
    title: page.isHomePage ? name : `${page.name} | ${name}`,
    description: page.isHomePage ? style.tagline(name) : `${page.name} — ${name}`,
    elements: build([navbar, ...bodies[page.key], footer], `gen-${page.key}`, null),
  }));
  return { name, pages };
}
