// A module of its own: contracts/review.ts is in the first screen's chunk (the review popup's text rule), and a
// constant exported from there stays there even when only Settings, loaded later, reads it.

/** How many of their latest credit entries a user is shown (the balance counts them all). */
export const MY_CREDITS_LIMIT = 50;
