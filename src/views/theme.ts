import { createTheme } from '@mui/material/styles';

/** The app's MUI theme. */
export const theme = createTheme({
  palette: {
    primary: { main: '#2563eb' },
    secondary: { main: '#7c3aed' },
    background: { default: '#f6f7fb' },
  },
  shape: { borderRadius: 8 },
});
