/**
 * The six industries of the business setup form (builder-store-crm §3 Business). A module of its own: what
 * contracts/common.ts exports stays in the first screen's chunk, and only later screens read these.
 */
export const INDUSTRIES = ['technology', 'healthcare', 'finance', 'retail', 'consulting', 'other'] as const;
export type Industry = (typeof INDUSTRIES)[number];
