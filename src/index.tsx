import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { setupListeners } from '@reduxjs/toolkit/query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { persistStore } from 'redux-persist';
import { AppRoutes, prefetchOpeningPage } from './app/router';
import { makeStore } from './app/store';
import { theme } from './app/theme';
import { setLanguage } from './services/i18n/language';
import { initialLanguage } from './services/i18n/languageChoice';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

const store = makeStore();
setupListeners(store.dispatch);
prefetchOpeningPage(window.location.pathname);
// The service worker (production builds only) registers once the page has loaded, from a chunk of its own.
if (process.env.NODE_ENV === 'production' && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    void import(/* webpackChunkName: "service-worker" */ './app/serviceWorker').then((m) => m.registerServiceWorker());
  });
}
// The first screen is in the reader's language: a catalogue that cannot load (offline before the service worker kept
// it) leaves it in English rather than blank.
const languageReady = setLanguage(initialLanguage()).catch(() => undefined);
// The app renders once the stored user is back, so the on-load rule sees it (what PersistGate would do, but without
// its second render of the whole tree). As a transition, React renders the first screen in slices instead of one
// long task, so a phone stays responsive meanwhile.
persistStore(store, null, async () => {
  await languageReady;
  startTransition(() =>
    root.render(
      <StrictMode>
        <Provider store={store}>
          <ThemeProvider theme={theme}>
            <CssBaseline />
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </ThemeProvider>
        </Provider>
      </StrictMode>,
    ),
  );
});
