import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { shallowEqual, useSelector } from '@xstate/react';
import { REVIEW_TEXT_MAX, reviewTextFits } from '../../contracts/review.ts';
import { unsavedHint } from '../../contracts/unsavedHint.ts';
import { selectReviewRef } from '../../machines/app/appSelectors.ts';
import {
  EMPTY_REVIEW,
  selectCanSubmitReview,
  selectReviewBusy,
  selectReviewEmailError,
  selectReviewOpen,
  selectReviewThanks,
  selectReviewTyped,
} from '../../machines/review/reviewSelectors.ts';
import { useAppActor } from '../appActorContext.ts';
import { useKeepTypedInput } from '../common/keepTypedInput.ts';

const UNSAVED_REVIEW_HINT = unsavedHint('review', 'Submit', 'Cancel');

/** The review popup the star button opens (its code loads after the dashboard shell's). */
export function ReviewDialog() {
  const app = useAppActor();
  const review = useSelector(app, selectReviewRef);
  const open = useSelector(review, (s) => (s ? selectReviewOpen(s) : false));
  const thanks = useSelector(review, (s) => (s ? selectReviewThanks(s) : false));
  const busy = useSelector(review, (s) => (s ? selectReviewBusy(s) : false));
  const canSubmit = useSelector(review, (s) => (s ? selectCanSubmitReview(s) : false));
  const emailError = useSelector(review, (s) => (s ? selectReviewEmailError(s) : null));
  const form = useSelector(review, (s) => s?.context ?? EMPTY_REVIEW, shallowEqual);
  const typed = useSelector(review, (s) => (s ? selectReviewTyped(s) : false));
  // Escape or a click beside keeps a chosen star or typed text (the popup opens empty each time).
  const keep = useKeepTypedInput(typed, () => review?.send({ type: 'review.close' }), UNSAVED_REVIEW_HINT);
  // Counted as the API counts it (trimmed): a text too long is said here, before Submit, not refused after it.
  const fits = reviewTextFits(form.reviewText);
  const length = form.reviewText.trim().length;

  return (
    <Dialog open={open} onClose={keep.onClose} aria-labelledby="review-title" maxWidth="xs" fullWidth>
      <DialogTitle id="review-title">Leave a review</DialogTitle>
      <DialogContent>
        {thanks ? (
          <Stack spacing={1} role="status">
            <Typography>Thank you for your review!</Typography>
            <Typography variant="body2">
              {form.creditsAwarded > 0
                ? `You earned ${form.creditsAwarded} credits.`
                : 'Credits are given for your first review only: this one is thanks enough.'}
            </Typography>
          </Stack>
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            {keep.hint ? <Alert severity="warning">{keep.hint}</Alert> : null}
            <Stack spacing={0.5}>
              <Typography component="legend" id="review-rating-label">
                Your rating
              </Typography>
              <Rating
                name="review-rating"
                value={form.rating}
                onChange={(_, value) => review?.send({ type: 'review.rate', rating: value ?? 0 })}
                aria-labelledby="review-rating-label"
              />
            </Stack>
            <TextField
              label="Your review (optional)"
              multiline
              minRows={3}
              value={form.reviewText}
              error={!fits}
              helperText={
                fits
                  ? `${length} / ${REVIEW_TEXT_MAX} characters`
                  : `${length} / ${REVIEW_TEXT_MAX} characters: shorten the review to submit it`
              }
              onChange={(e) => review?.send({ type: 'review.changeText', text: e.target.value })}
            />
            <TextField
              label="Email (optional)"
              type="email"
              value={form.email}
              error={emailError !== null}
              helperText={emailError}
              onChange={(e) => review?.send({ type: 'review.changeEmail', email: e.target.value })}
            />
            {form.error ? <Alert severity="error">{form.error}</Alert> : null}
          </Stack>
        )}
      </DialogContent>
      {thanks ? null : (
        <DialogActions>
          <Button onClick={keep.cancel}>Cancel</Button>
          <Button
            variant="contained"
            disabled={!canSubmit || !fits || busy}
            onClick={() => review?.send({ type: 'review.submit' })}
          >
            Submit
          </Button>
        </DialogActions>
      )}
    </Dialog>
  );
}
