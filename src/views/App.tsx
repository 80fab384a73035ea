import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { HttpContext } from '../services/httpContext.ts';
import { AppViews } from './AppViews.tsx';
import { AppActorContext } from './appActorContext.ts';
import type { AppSystem } from './createAppSystem.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { ToastBridge } from './ToastBridge.tsx';
import { theme } from './theme.ts';

/** Theme and baseline styles, shared by the app and the popup callback pages. */
export function Themed({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

/** The main app around a started app system (created by `main.tsx`, or by a test). */
export function App({ system }: { system: AppSystem }) {
  return (
    <Themed>
      <QueryClientProvider client={system.queryClient}>
        <HttpContext.Provider value={system.http}>
          <AppActorContext.Provider value={system.actor}>
            <SnackbarProvider maxSnack={4} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
              <ErrorBoundary>
                <ToastBridge />
              </ErrorBoundary>
              <AppViews />
            </SnackbarProvider>
          </AppActorContext.Provider>
        </HttpContext.Provider>
      </QueryClientProvider>
    </Themed>
  );
}
