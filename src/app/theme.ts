import { createTheme } from '@mui/material/styles';

/** Guides use the app standing in the street on tablets and phones: WCAG 2.5.5 asks for 44 px targets. */
const TOUCH_TARGET = 44;
/** Dark enough to show on the page and on the teal app bar alike (WCAG 2.4.7, 1.4.11). */
const FOCUS_RING = '#1d2b36';

export const theme = createTheme({
  palette: {
    primary: { main: '#0b6e6e' },
    secondary: { main: '#c2571a' },
    background: { default: '#f5f7f7' },
  },
  shape: { borderRadius: 10 },
  typography: {
    h1: { fontSize: '1.75rem', fontWeight: 600, lineHeight: 1.25 },
    h2: { fontSize: '1.35rem', fontWeight: 600, lineHeight: 1.3 },
    // MUI's own h3 (3rem) is larger than the page title: a section's sub-heading sits below h2.
    h3: { fontSize: '1.15rem', fontWeight: 600, lineHeight: 1.35 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    // MUI marks keyboard focus with a faint ripple only; every control gets a ring a guide can see in daylight.
    MuiCssBaseline: {
      styleOverrides: {
        '.Mui-focusVisible, a:focus-visible, [tabindex]:not([tabindex="-1"]):focus-visible': {
          outline: `3px solid ${FOCUS_RING}`,
          outlineOffset: 2,
        },
        '.MuiMenuItem-root.Mui-focusVisible': { outlineOffset: -3 },
      },
    },
    // A switch clips its thumb's ring (overflow: hidden): the ring goes round the track, which the padding leaves room for.
    MuiSwitch: {
      styleOverrides: {
        switchBase: {
          '&.Mui-focusVisible': { outline: 'none' },
          '&.Mui-focusVisible + .MuiSwitch-track': { outline: `3px solid ${FOCUS_RING}`, outlineOffset: 2 },
        },
      },
    },
    // A disabled field's hint often says why it is disabled: it stays readable (MUI greys it to 2.7:1).
    MuiFormHelperText: {
      styleOverrides: { root: ({ theme: t }) => ({ '&.Mui-disabled': { color: t.palette.text.secondary } }) },
    },
    // MUI's unselected toggle text (54 % black) is 4.48:1 on the page's background.
    MuiToggleButton: { styleOverrides: { root: ({ theme: t }) => ({ color: t.palette.text.secondary }) } },
    MuiButton: { styleOverrides: { root: { minHeight: TOUCH_TARGET } } },
    MuiIconButton: { styleOverrides: { root: { minWidth: TOUCH_TARGET, minHeight: TOUCH_TARGET } } },
    // MenuItem drops its min-height to 'auto' from sm up; the media query has to be overridden as well.
    MuiMenuItem: {
      styleOverrides: {
        root: ({ theme: t }) => ({ minHeight: TOUCH_TARGET, [t.breakpoints.up('sm')]: { minHeight: TOUCH_TARGET } }),
      },
    },
    MuiListItemButton: { styleOverrides: { root: { minHeight: TOUCH_TARGET } } },
    MuiTextField: { defaultProps: { fullWidth: true } },
  },
});
