import { createContext } from 'react';
import type { ElementProps } from './siteDoc.ts';
import { visitorSiteName } from './siteSeo.ts';

/**
 * The business details a site shows (Settings › Business details). Elements refer to them by token —
 * `{{business.name}}`, `{{business.email}}`, `{{business.phone}}`, `{{business.address}}`,
 * `{{business.social}}` — and every renderer (canvas, preview, published page) resolves the tokens when it
 * renders, so an edit of the profile reaches every site without rewriting its document.
 */
export type BusinessInfo = {
  name: string;
  email: string;
  phone: string;
  address: string;
  /** http(s) addresses of the business's social profiles. */
  socialLinks: string[];
};

/** The business details renderers resolve tokens with; null where there are none (tokens render empty). */
export const BusinessContext = createContext<BusinessInfo | null>(null);

export const BUSINESS_TOKENS = {
  name: '{{business.name}}',
  email: '{{business.email}}',
  phone: '{{business.phone}}',
  address: '{{business.address}}',
  social: '{{business.social}}',
} as const;

const TOKEN = /\{\{\s*business\.(name|email|phone|address|social)\s*\}\}/g;

/** `value` with every business token replaced (social links joined by '|', the footer's list separator). */
export function resolveBusinessTokens(value: string, business: BusinessInfo | null): string {
  if (!value.includes('{{')) return value;
  return value.replace(TOKEN, (_, key: keyof typeof BUSINESS_TOKENS) => {
    if (!business) return '';
    if (key === 'social') return business.socialLinks.join('|');
    return business[key];
  });
}

/** An element's properties with the tokens of its text properties resolved (other values untouched). */
export function withBusinessProps(props: ElementProps, business: BusinessInfo | null): ElementProps {
  let resolved: ElementProps | null = null;
  for (const [key, value] of Object.entries(props)) {
    if (typeof value !== 'string' || !value.includes('{{')) continue;
    resolved ??= { ...props };
    resolved[key] = resolveBusinessTokens(value, business);
  }
  return resolved ?? props;
}

/**
 * The business a site's visitors see: the profile's details, with its name falling back to the site's name
 * (`visitorSiteName`) when there is no profile or it has no name. The canvas, the preview and the published
 * pages all resolve the tokens with it, so the brand the builder shows is the one a visitor gets.
 */
export function siteBusiness(business: BusinessInfo | null, siteName: string): BusinessInfo {
  const name = visitorSiteName(siteName, business?.name);
  if (business?.name === name) return business;
  return business ? { ...business, name } : { name, email: '', phone: '', address: '', socialLinks: [] };
}

/** The business details of a stored profile (the social links are kept one per line). */
export function businessInfoOf(profile: {
  businessName: string;
  email: string;
  phone: string;
  address?: string | null;
  socialLinks?: readonly string[] | null;
}): BusinessInfo {
  return {
    name: profile.businessName,
    email: profile.email,
    phone: profile.phone,
    address: profile.address ?? '',
    socialLinks: [...(profile.socialLinks ?? [])],
  };
}
