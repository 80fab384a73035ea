// The review popup's selectors, in a module of their own: the dashboard shell shows the star button with
// the first screen, the machine's code (reviewMachine.ts) loads after it.

export type ReviewContext = {
  rating: number;
  reviewText: string;
  email: string;
  /** Why the typed email cannot be sent (the machine checks it as it is typed), or null. */
  emailError: string | null;
  error: string | null;
  creditsAwarded: number;
};

/** The popup as it opens, and as the dialog reads it while the machine is not running. */
export const EMPTY_REVIEW: ReviewContext = {
  rating: 0,
  reviewText: '',
  email: '',
  emailError: null,
  error: null,
  creditsAwarded: 0,
};

/** The review can be sent: a star is chosen (1-5) and the email, if typed, is usable. */
export const reviewReady = ({ rating, emailError }: ReviewContext): boolean =>
  rating >= 1 && rating <= 5 && emailError === null;

/** What the selectors read of the review machine's snapshot. */
type ReviewSnapshot = {
  context: ReviewContext;
  matches: (state: 'closed' | 'open' | { open: 'editing' | 'submitting' | 'thanks' }) => boolean;
  hasTag: (tag: 'busy') => boolean;
};

export const selectReviewOpen = (snapshot: ReviewSnapshot): boolean => snapshot.matches('open');
export const selectReviewThanks = (snapshot: ReviewSnapshot): boolean => snapshot.matches({ open: 'thanks' });
export const selectReviewBusy = (snapshot: ReviewSnapshot): boolean => snapshot.hasTag('busy');
export const selectReviewEmailError = (snapshot: ReviewSnapshot): string | null =>
  snapshot.context.emailError;
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
