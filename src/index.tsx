import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { setupListeners } from '@reduxjs/toolkit/query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { persistStore } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';
import { AppRoutes, prefetchOpeningPage } from './app/router';
import { makeStore } from './app/store';
import { theme } from './app/theme';

const store = makeStore();
const persistor = persistStore(store);
setupListeners(store.dispatch);
prefetchOpeningPage(window.location.pathname);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);
// A transition, so React renders the first screen in slices instead of one long task (a phone stays responsive).
startTransition(() =>
  root.render(
    <StrictMode>
      <Provider store={store}>
        {/* Routes render only after the stored user is back, so the on-load rule sees it. */}
        <PersistGate loading={null} persistor={persistor}>
          <ThemeProvider theme={theme}>
            <CssBaseline />
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </ThemeProvider>
        </PersistGate>
      </Provider>
    </StrictMode>,
  ),
);
