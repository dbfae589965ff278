import { deDE } from '@mui/material/locale';
import { createTheme } from '@mui/material/styles';
import { MOBILE_BREAKPOINT_PX } from '../../lib/constants.ts';

/**
 * Headings on phones break long German words at a syllable with a hyphen (`hyphens: auto` with
 * the page's `lang="de"`; soft hyphens from the TeX patterns where the browser has no German
 * dictionary, `lib/hyphenation.tsx`) and only where no syllable fits between two letters, never
 * beyond the window.
 */
const HEADING_BREAKS = { hyphens: 'auto', overflowWrap: 'break-word' } as const;

/** System font stack: the CSP allows no external fonts (font-src 'self' data:). */
const FONT_STACK =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, ' +
  '"Apple Color Emoji", "Segoe UI Emoji"';

/**
 * The marketplace look: teal primary, warm orange accent for "Anzeige aufgeben", light grey page
 * background. Breakpoint md is the mobile breakpoint of SPEC.md §9. MUI's built-in texts are German.
 */
export const theme = createTheme(
  {
    breakpoints: {
      values: { xs: 0, sm: 600, md: MOBILE_BREAKPOINT_PX, lg: 1200, xl: 1536 },
    },
    palette: {
      primary: { main: '#00796b', dark: '#004d40', light: '#48a999', contrastText: '#ffffff' },
      // Burnt orange: white text on it reads at 4.6:1 (WCAG AA); #ef6c00 reached only 3.1:1.
      secondary: { main: '#c45100', dark: '#9a3f00', light: '#ef6c00', contrastText: '#ffffff' },
      background: { default: '#f4f6f5', paper: '#ffffff' },
      text: { primary: '#1d2522', secondary: '#56625d' },
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: FONT_STACK,
      h1: { fontSize: '1.75rem', fontWeight: 700, ...HEADING_BREAKS },
      h2: { fontSize: '1.35rem', fontWeight: 700, ...HEADING_BREAKS },
      h3: { fontSize: '1.1rem', fontWeight: 700, ...HEADING_BREAKS },
      h4: HEADING_BREAKS,
      h5: HEADING_BREAKS,
      h6: HEADING_BREAKS,
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      // Every button, tab, menu entry and list action shows a ring while it has the keyboard
      // focus (WCAG 2.4.7, 2.4.13), not only the faint ripple.
      MuiButtonBase: {
        styleOverrides: {
          root: {
            '&.Mui-focusVisible': { outline: '2px solid #00796b', outlineOffset: 2 },
          },
        },
      },
      MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
    },
  },
  deDE,
);
