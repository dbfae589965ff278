/**
 * `sx` of an element only screen readers perceive (a live status, a count): one pixel, clipped,
 * out of the flow. The sizes are strings on purpose: in MUI's `sx` a bare `1` means 100 % of the
 * parent, which made such a status as wide as the window and the page scroll sideways.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
