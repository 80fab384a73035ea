import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { HttpContext } from '../services/http/httpContext.ts';
import { AppViews } from './AppViews.tsx';
import { AppActorContext } from './appActorContext.ts';
import type { AppSystem } from './createAppSystem.ts';
import { theme } from './theme.ts';

// Toasts (notistack) are not needed to paint the first screen.
const Toasts = lazy(() => import('./ToastBridge.tsx'));

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
            <AppViews />
            <Suspense fallback={null}>
              <Toasts />
            </Suspense>
          </AppActorContext.Provider>
        </HttpContext.Provider>
      </QueryClientProvider>
    </Themed>
  );
}
