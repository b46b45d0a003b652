/**
 * Stands in, in the production build only (webpack.config.ts), for MUI's CSS-variables theme: `createTheme` and
 * `ThemeProvider` import it beside the plain theme and choose at run time. Tourdesk's theme (theme.ts) sets neither
 * `cssVariables` nor `colorSchemes`, so that half never runs; leaving it out keeps a guide's first visit within its
 * budget (bench/RESULTS.md). Should a theme ever ask for it, this says so instead of failing somewhere inside MUI.
 */
function cssVariablesThemeLeftOut(): never {
  throw new Error(
    'MUI CSS-variables themes (cssVariables, colorSchemes) are left out of this build: see webpack.config.ts.',
  );
}

export default cssVariablesThemeLeftOut;
export const CssVarsProvider = cssVariablesThemeLeftOut;
