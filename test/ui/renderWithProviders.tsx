import { ThemeProvider } from '@mui/material/styles';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { routes } from '../../src/app/router';
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
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = renderWithProviders(<RouterProvider router={router} />, options);
  return { ...view, router, pathname: () => router.state.location.pathname };
}
