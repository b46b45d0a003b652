/**
 * Registers the service worker (src/sw.ts; loaded by src/index.tsx after the page, in production builds). A new
 * version installs beside the one running and waits for its tabs to close; meanwhile the user may switch at once
 * (UpdateReadySnackbar).
 */
export function registerServiceWorker() {
  const { serviceWorker } = navigator;
  // Another tab took the new version: this one follows, as its own chunks are no longer cached or served.
  if (serviceWorker.controller) serviceWorker.addEventListener('controllerchange', () => window.location.reload());
  serviceWorker.register('/sw.js').then(
    (registration) => {
      const offerUpdate = () => {
        const waiting = registration.waiting;
        if (!waiting || !serviceWorker.controller) return;
        void import(/* webpackChunkName: "update-ready" */ './UpdateReadySnackbar').then((m) =>
          m.showUpdateReady(waiting),
        );
      };
      offerUpdate();
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing;
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed') offerUpdate();
        });
      });
    },
    (error: unknown) => console.warn('The service worker did not register: the app will not open offline.', error),
  );
}
