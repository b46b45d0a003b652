import Button from '@mui/material/Button';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import { theme } from '../../src/app/theme';

// The production build replaces MUI's CSS-variables theme with src/app/muiCssVarsOff.ts (webpack.config.ts); here
// the same replacement, so that the app's theme is shown to work without it.
jest.mock('../../node_modules/@mui/material/styles/createThemeWithVars.js', () =>
  jest.requireActual('../../src/app/muiCssVarsOff'),
);
jest.mock('../../node_modules/@mui/material/styles/ThemeProviderWithVars.js', () =>
  jest.requireActual('../../src/app/muiCssVarsOff'),
);

describe('theme without MUI CSS variables', () => {
  it('is a plain theme, which ThemeProvider serves without the CSS-variables provider', () => {
    render(
      <ThemeProvider theme={theme}>
        <Button variant="contained">Check in</Button>
      </ThemeProvider>,
    );
    const style = getComputedStyle(screen.getByRole('button', { name: 'Check in' }));
    expect(style.getPropertyValue('--variant-containedBg')).toBe('#0b6e6e');
    expect(style.minHeight).toBe('44px');
  });

  it('says so when a theme asks for CSS variables', () => {
    expect(() => createTheme({ cssVariables: true })).toThrow(/left out of this build/);
    const schemes = createTheme({ palette: { primary: { main: '#0b6e6e' } }, colorSchemes: { dark: true } });
    expect(() => render(<ThemeProvider theme={schemes}>x</ThemeProvider>)).toThrow(/left out of this build/);
  });
});
