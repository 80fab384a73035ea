import { createTheme } from '@mui/material/styles';

// One restrained theme for every screen: a single blue (the logo's) on cool greys, the system font,
// flat surfaces separated by hairlines. Text colours keep WCAG AA contrast on white and on the background.
const ink = '#0f172a';
const hairline = '#e2e8f0';

/** The app's MUI theme. */
export const theme = createTheme({
  palette: {
    // Text on a coloured surface (chips, buttons, badges) is picked for WCAG AA contrast, not MUI's 3:1.
    contrastThreshold: 4.5,
    primary: { main: '#1d4ed8' },
    secondary: { main: '#6d28d9' },
    background: { default: '#f8fafc', paper: '#ffffff' },
    text: { primary: ink, secondary: '#475569' },
    divider: hairline,
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
    h4: { fontWeight: 700, letterSpacing: '-0.01em' },
    h5: { fontWeight: 700 },
    h6: { fontWeight: 600 },
  },
  components: {
    MuiAppBar: {
      defaultProps: { elevation: 0 },
      styleOverrides: { root: { borderBottom: `1px solid ${hairline}` } },
    },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiCard: {
      defaultProps: { elevation: 0 },
      styleOverrides: { root: { border: `1px solid ${hairline}` } },
    },
    MuiDrawer: { styleOverrides: { paper: { borderRight: `1px solid ${hairline}` } } },
  },
});
