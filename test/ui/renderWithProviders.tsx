import { ThemeProvider } from '@mui/material/styles';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AppRoutes } from '../../src/app/router';
import { makeStore, type AppStore } from '../../src/app/store';
import { theme } from '../../src/app/theme';
import { companyApi, companySignedIn } from '../../src/services/companyApi';
import type { TestState } from './fixtures';

interface Options {
  preloadedState?: TestState;
  store?: AppStore;
}

/** A fresh store holding `state`: its company is cached as a sign-in's answer would put it there. */
export function makeTestStore({ company, ...preloaded }: TestState = {}): AppStore {
  const store = makeStore(preloaded);
  if (company) store.dispatch(companySignedIn(company));
  return store;
}

/** The company the pages show now (the app's cache). */
export const shownCompany = (store: AppStore) => companyApi.endpoints.getCompany.select()(store.getState()).data;

/**
 * Loads code a file's tests open lazily (a route's page, a dialog) before its first test: on a busy machine those
 * modules take seconds to load, which would otherwise be spent inside that test's wait for the page.
 */
export function loadBeforeTests(...loads: Array<() => Promise<unknown>>) {
  beforeAll(() => Promise.all(loads.map((load) => load())));
}

/** Renders any element with a fresh store and the theme. */
export function renderWithProviders(
  ui: ReactElement,
  { preloadedState, store = makeTestStore(preloadedState) }: Options = {},
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
