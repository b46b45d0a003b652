import Button from '@mui/material/Button';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

describe('keyboard focus', () => {
  it('rings the control that has the keyboard focus, and not one clicked with a pointer', async () => {
    const user = userEvent.setup();
    render(
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <Button>First</Button>
        <Button>Second</Button>
      </ThemeProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'First' }));
    expect(getComputedStyle(screen.getByRole('button', { name: 'First' })).outlineStyle).not.toBe('solid');
    await user.tab();
    const second = screen.getByRole('button', { name: 'Second' });
    expect(second).toHaveFocus();
    expect(getComputedStyle(second).outline).toBe('3px solid #1d2b36');
  });
});
