import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The product's name, everywhere it is shown. */
export const PRODUCT_NAME = 'BizSite';

/** The BizSite mark: a browser window whose page is a storefront awning. Decorative beside the name. */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#1d4ed8" />
      <rect x="6" y="7" width="20" height="18" rx="2.5" fill="#ffffff" />
      <rect x="6" y="7" width="20" height="4" rx="2" fill="#bfdbfe" />
      <path d="M9 14h14l-1.5 4h-11z" fill="#1d4ed8" />
      <rect x="11" y="19" width="4" height="4" rx="1" fill="#1d4ed8" />
      <rect x="17" y="19" width="4" height="4" rx="1" fill="#93c5fd" />
    </svg>
  );
}

/** The mark and the product name, e.g. in the app bar and on the sign-in screen. */
export function Logo({
  size = 28,
  markOnlyOnPhone = false,
  ...rest
}: {
  size?: number;
  /** On a phone (below MUI's `sm`, 600 px) only the mark shows, to leave the row's room to the rest. */
  markOnlyOnPhone?: boolean;
  'data-tour'?: string;
}) {
  return (
    <Box {...rest} sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <LogoMark size={size} />
      <Typography
        component="span"
        sx={{
          fontWeight: 700,
          fontSize: size * 0.7,
          letterSpacing: '-0.01em',
          color: 'text.primary',
          display: markOnlyOnPhone ? { xs: 'none', sm: 'inline' } : 'inline',
        }}
      >
        {PRODUCT_NAME}
      </Typography>
    </Box>
  );
}
