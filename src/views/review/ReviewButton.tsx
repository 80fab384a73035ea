import StarIcon from '@mui/icons-material/Star';
import Fab from '@mui/material/Fab';
import { useAppActor } from '../appActorContext.ts';

/** The floating star button: it asks the app for the review popup (which loads after the shell). */
export function ReviewButton() {
  const app = useAppActor();
  return (
    <Fab
      color="secondary"
      aria-label="Leave a review"
      onClick={() => app.send({ type: 'review.open' })}
      sx={{ position: 'fixed', right: 24, bottom: 24 }}
    >
      <StarIcon />
    </Fab>
  );
}
