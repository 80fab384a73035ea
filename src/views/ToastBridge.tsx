import CloseIcon from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import { styled } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { MaterialDesignContent, type SnackbarKey, SnackbarProvider, useSnackbar } from 'notistack';
import { useEffect, useRef } from 'react';
import { selectToastsRef } from '../machines/app/appSelectors.ts';
import { selectToastQueue } from '../machines/app/toastsMachine.ts';
import type { Toast } from '../services/http/toast.ts';
import { useAppActor } from './appActorContext.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';

const noToasts: Toast[] = [];

// notistack's own greens, oranges and blues are too light for white text (WCAG AA): the theme's dark shades.
const ContrastSnackbar = styled(MaterialDesignContent)(({ theme }) => ({
  '&.notistack-MuiContent-success': { backgroundColor: theme.palette.success.dark },
  '&.notistack-MuiContent-error': { backgroundColor: theme.palette.error.dark },
  '&.notistack-MuiContent-warning': { backgroundColor: theme.palette.warning.dark },
  '&.notistack-MuiContent-info': { backgroundColor: theme.palette.info.dark },
}));
const toastComponents = {
  success: ContrastSnackbar,
  error: ContrastSnackbar,
  warning: ContrastSnackbar,
  info: ContrastSnackbar,
  default: ContrastSnackbar,
};

/**
 * notistack and the bridge, loaded after the first screen (App lazy-loads this module): toasts raised
 * before it arrives wait in the `toasts` actor's queue, so none is lost.
 */
export default function Toasts() {
  return (
    <SnackbarProvider
      maxSnack={4}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      Components={toastComponents}
    >
      <ErrorBoundary>
        <ToastBridge />
      </ErrorBoundary>
    </SnackbarProvider>
  );
}

/** Hands each toast queued on the `toasts` actor to notistack, then marks it delivered. */
export function ToastBridge() {
  const toastsRef = useSelector(useAppActor(), selectToastsRef);
  const queue = useSelector(toastsRef, (snapshot) => (snapshot ? selectToastQueue(snapshot) : noToasts));
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  // Development mode runs effects twice with the same queue: show each toast once.
  const shown = useRef(new Set<string>());

  useEffect(() => {
    for (const toast of queue) {
      if (shown.current.has(toast.id)) continue;
      shown.current.add(toast.id);
      enqueueSnackbar(<ToastContent toast={toast} />, {
        key: toast.id,
        variant: toast.type,
        autoHideDuration: toast.duration,
        persist: toast.duration === null,
        action: (key: SnackbarKey) => (
          <IconButton aria-label="Dismiss" color="inherit" size="small" onClick={() => closeSnackbar(key)}>
            <CloseIcon fontSize="small" />
          </IconButton>
        ),
      });
      toastsRef?.send({ type: 'toast.delivered', id: toast.id });
    }
  }, [queue, toastsRef, enqueueSnackbar, closeSnackbar]);

  return null;
}

function ToastContent({ toast }: { toast: Toast }) {
  return (
    <div role={toast.type === 'error' ? 'alert' : 'status'}>
      <Typography component="div" sx={{ fontWeight: 600 }}>
        {toast.title}
      </Typography>
      {toast.message ? <Typography variant="body2">{toast.message}</Typography> : null}
    </div>
  );
}
