import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The product's name, everywhere it is shown. */
export const PRODUCT_NAME = 'BizSite';

/**
 * The BizSite mark: a browser window whose page is a storefront awning. Decorative beside the name. The same
 * file is the browser tab's icon (public/favicon.svg), so the first screen's script does not carry it.
 */
export function LogoMark({ size = 28 }: { size?: number }) {
  // Out of the accessibility tree, as the inline SVG was (alt="" alone still counts as a presentation element).
  return <img src="/favicon.svg" width={size} height={size} alt="" aria-hidden="true" />;
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
