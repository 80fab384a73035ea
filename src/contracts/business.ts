/** The business details (Settings › Business details) beyond the setup form: shared limits and rules. */
export const BUSINESS_LIMITS = {
  businessName: 120,
  services: 2000,
  address: 300,
  socialLink: 300,
  socialLinks: 8,
} as const;

/** A social profile address: http(s) only, so nothing else ever becomes a link on a site. */
export const SOCIAL_LINK_PATTERN = '^https?://[^\\s/$.?#][^\\s]*$';

/** Whether `value` is an acceptable social profile address. */
export function isSocialLink(value: string): boolean {
  return value.length <= BUSINESS_LIMITS.socialLink && new RegExp(SOCIAL_LINK_PATTERN, 'i').test(value);
}

/** The social links typed one per line (or separated by commas / spaces), empty ones dropped. */
export function parseSocialLinks(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((link) => link.trim())
    .filter(Boolean);
}
