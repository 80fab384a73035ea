// The review popup's selectors, in a module of their own: the dashboard shell shows the star button with
// the first screen, the machine's code (reviewMachine.ts) loads after it.
import { isWellFormedEmail } from '../../contracts/common.ts';

export type ReviewContext = {
  rating: number;
  reviewText: string;
  email: string;
  error: string | null;
  creditsAwarded: number;
};

/** What the selectors read of the review machine's snapshot. */
type ReviewSnapshot = {
  context: ReviewContext;
  matches: (state: 'closed' | 'open' | { open: 'editing' | 'submitting' | 'thanks' }) => boolean;
  hasTag: (tag: 'busy') => boolean;
};

export const selectReviewOpen = (snapshot: ReviewSnapshot): boolean => snapshot.matches('open');
export const selectReviewThanks = (snapshot: ReviewSnapshot): boolean => snapshot.matches({ open: 'thanks' });
export const selectReviewBusy = (snapshot: ReviewSnapshot): boolean => snapshot.hasTag('busy');
/** The optional email, when typed, must be an address the server takes (it refused it with a bare 400). */
export const REVIEW_EMAIL_INVALID = 'Enter a valid email address';
export const reviewEmailError = (email: string): string | null =>
  email.trim() === '' || isWellFormedEmail(email) ? null : REVIEW_EMAIL_INVALID;
export const selectReviewEmailError = (snapshot: ReviewSnapshot): string | null =>
  reviewEmailError(snapshot.context.email);
/** What a submit needs: a star (1-5) and, when one is typed, a well-formed email. */
export const reviewReady = (context: ReviewContext): boolean =>
  context.rating >= 1 && context.rating <= 5 && reviewEmailError(context.email) === null;
/** Submit is enabled only after a star is chosen and with a usable email, if any (and not while sending). */
export const selectCanSubmitReview = (snapshot: ReviewSnapshot): boolean =>
  snapshot.matches({ open: 'editing' }) && reviewReady(snapshot.context);
/**
 * The open form holds something the owner chose or typed (a star, text, an address), which Escape or a click
 * beside must not throw away; after the thank-you there is nothing left to lose.
 */
export const selectReviewTyped = (snapshot: ReviewSnapshot): boolean =>
  snapshot.matches('open') &&
  !snapshot.matches({ open: 'thanks' }) &&
  (snapshot.context.rating > 0 || snapshot.context.reviewText !== '' || snapshot.context.email !== '');
