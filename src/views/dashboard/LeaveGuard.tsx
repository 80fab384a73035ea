import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useSelector } from '@xstate/react';
import { selectLeaveAsked, selectUnsavedChanges } from '../../machines/app/appSelectors.ts';
import { useAppActor } from '../appActorContext.ts';
import { useBeforeUnload } from '../common/useBeforeUnload.ts';

export const LEAVE_TITLE = 'Leave without saving?';
export const LEAVE_MESSAGE =
  'You have unsaved changes on this page. Stay to save them, or leave and lose them.';

/**
 * Typed changes not saved yet (the app machine knows, from the form's child): a move to another place asks first,
 * and closing or reloading the tab gets the browser's own question.
 */
export function LeaveGuard() {
  const app = useAppActor();
  const unsaved = useSelector(app, selectUnsavedChanges);
  const asked = useSelector(app, selectLeaveAsked);
  useBeforeUnload(unsaved);
  const stay = () => app.send({ type: 'leave.stay' });
  return (
    <Dialog open={asked} onClose={stay} aria-labelledby="leave-title">
      <DialogTitle id="leave-title">{LEAVE_TITLE}</DialogTitle>
      <DialogContent>
        <DialogContentText>{LEAVE_MESSAGE}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button color="error" onClick={() => app.send({ type: 'leave.confirm' })}>
          Leave without saving
        </Button>
        <Button variant="contained" autoFocus onClick={stay}>
          Stay on this page
        </Button>
      </DialogActions>
    </Dialog>
  );
}
