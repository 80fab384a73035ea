/** Spec §9: the admin review list shows at most 100 characters of a review. */
export const REVIEW_PREVIEW_LENGTH = 100;
export const NO_COMMENT = 'No comment';

/** A review's text for the admin list: cut at 100 characters, "No comment" when there is none. */
export function reviewPreview(text: string | null | undefined): string {
  const trimmed = text?.trim() ?? '';
  if (trimmed === '') return NO_COMMENT;
  return trimmed.length > REVIEW_PREVIEW_LENGTH ? `${trimmed.slice(0, REVIEW_PREVIEW_LENGTH)}…` : trimmed;
}

/** Spec §5: the credit edit parses an integer; anything that is not one becomes 0. */
export function parseCredits(input: string): number {
  const value = Number.parseInt(input.trim(), 10);
  return Number.isSafeInteger(value) ? value : 0;
}

export const PLAN_NAMES: Record<0 | 1 | 2, string> = { 0: 'FREE', 1: 'STARTER', 2: 'BUSINESS' };
