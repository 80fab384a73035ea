import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { lazy, type ReactNode, Suspense } from 'react';
import { HttpContext } from '../services/http/httpContext.ts';
import { AppViews } from './AppViews.tsx';
import { AppActorContext } from './appActorContext.ts';
import type { AppSystem } from './createAppSystem.ts';
import { QueriesContext } from './queriesContext.ts';
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
      <QueriesContext.Provider value={system.queries}>
        <HttpContext.Provider value={system.http}>
          <AppActorContext.Provider value={system.actor}>
            <AppViews />
            <Suspense fallback={null}>
              <Toasts />
            </Suspense>
          </AppActorContext.Provider>
        </HttpContext.Provider>
      </QueriesContext.Provider>
    </Themed>
  );
}
