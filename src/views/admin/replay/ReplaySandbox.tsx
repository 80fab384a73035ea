import Box from '@mui/material/Box';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { Actor } from 'xstate';
import type { SessionReplay } from '../../../machines/replay/replaySession.ts';
import { childrenAt, createSandboxActor } from '../../../machines/replay/sandboxActor.ts';
import type { SandboxAppMachine } from '../../../machines/replay/sandboxAppMachine.ts';
import { HttpContext } from '../../../services/http/httpContext.ts';
import { loadedQueryClient } from '../../../services/http/queryClientSource.ts';
import { AppActorContext } from '../../appActorContext.ts';
import { useAppViews } from '../../appViewsSlot.ts';
import type { AppActor } from '../../createAppSystem.ts';
import { QueriesContext } from '../../queriesContext.ts';
import { theme } from '../../theme.ts';
import { createSandboxSystem } from './sandboxSystem.ts';

// Dialogs, menus and popovers of the replayed views stay inside the sandbox frame, and never take focus
// or lock the admin page's scrolling.
const contained = {
  disablePortal: true,
  disableEnforceFocus: true,
  disableAutoFocus: true,
  disableScrollLock: true,
};
const sandboxTheme = createTheme(theme, {
  components: {
    MuiModal: { defaultProps: contained },
    MuiPopover: { defaultProps: contained },
    MuiDialog: { defaultProps: contained },
    MuiPopper: { defaultProps: { disablePortal: true } },
  },
});

/**
 * "Play in sandbox": the real views, rendered read-only on an actor of the effect-free app machine that
 * stands where the replay stands at step `index`. Nothing in here reaches the server (see sandboxSystem.ts)
 * and the frame is inert: no clicks, no focus, no typing.
 */
export function ReplaySandbox({ replay, index }: { replay: SessionReplay; index: number }) {
  const system = useMemo(() => createSandboxSystem(), []);
  const sandboxQueries = useMemo(() => loadedQueryClient(system.queryClient), [system]);
  const AppViews = useAppViews();
  const [actor, setActor] = useState<Actor<SandboxAppMachine> | null>(null);

  // Created and started here (not during render), one per step, and stopped when the step changes.
  useEffect(() => {
    const snapshot = replay.snapshotAt(index);
    if (!snapshot) {
      setActor(null);
      return;
    }
    const created = createSandboxActor(replay.machine, snapshot, childrenAt(replay, index));
    created.start();
    setActor(created);
    return () => {
      created.stop();
    };
  }, [replay, index]);

  return (
    <Box
      role="region"
      aria-label="Sandbox"
      inert
      sx={{
        height: 560,
        overflow: 'auto',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        pointerEvents: 'none',
        userSelect: 'none',
        // Makes the frame the containing block of the views' fixed elements (backdrops, app bars).
        transform: 'translateZ(0)',
      }}
    >
      <ThemeProvider theme={sandboxTheme}>
        <QueryClientProvider client={system.queryClient}>
          {/* The replayed views' on-demand parts read the sandbox's cache, never the app's. */}
          <QueriesContext.Provider value={sandboxQueries}>
            <HttpContext.Provider value={system.http}>
              {actor && AppViews ? (
                // The sandbox actor runs the same machine as the app's, with its effects taken out.
                <AppActorContext.Provider key={index} value={actor as unknown as AppActor}>
                  <AppViews />
                </AppActorContext.Provider>
              ) : null}
            </HttpContext.Provider>
          </QueriesContext.Provider>
        </QueryClientProvider>
      </ThemeProvider>
    </Box>
  );
}
