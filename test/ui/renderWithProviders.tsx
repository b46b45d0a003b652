import { ThemeProvider } from '@mui/material/styles';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AppRoutes } from '../../src/app/router';
import { makeStore, type AppPreloadedState, type AppStore } from '../../src/app/store';
import { theme } from '../../src/app/theme';

interface Options {
  preloadedState?: AppPreloadedState;
  store?: AppStore;
}

/** Renders any element with a fresh store and the theme. */
export function renderWithProviders(
  ui: ReactElement,
  { preloadedState, store = makeStore(preloadedState) }: Options = {},
) {
  const user = userEvent.setup();
  const view = render(
    <Provider store={store}>
      <ThemeProvider theme={theme}>{ui}</ThemeProvider>
    </Provider>,
  );
  return { store, user, ...view };
}

/** Renders the app's own route tree at `path`, as a page load of that address would. */
export function renderRoute(path: string, options: Options = {}) {
  const at = { pathname: path };
  function LocationProbe() {
    at.pathname = useLocation().pathname;
    return null;
  }
  const view = renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
      <LocationProbe />
    </MemoryRouter>,
    options,
  );
  return { ...view, pathname: () => at.pathname };
}
