/**
 * `sx` for text read by screen readers and not shown. In `sx` a width of 1 means 100%: the sizes are in px (a
 * label as wide as the page made it scroll sideways on a phone).
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
