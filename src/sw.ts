/// <reference lib="webworker" />
import { addPlugins, cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { storedScripts } from './services/offline/storedScripts';

/**
 * The service worker (built by InjectManifest in webpack.config.ts, registered by src/app/serviceWorker.ts): it holds
 * one build of the app, so every page opens without a network once the app has been opened. API calls are never
 * cached here: they go to the network, and the app keeps its own offline data.
 */
declare const self: ServiceWorkerGlobalScope;

addPlugins([storedScripts]);
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every page of the app is index.html: a navigation gets the one this worker holds, which loads its own chunks.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api(\/|$)/, /^\/auth(\/|$)/] }),
);

// No skipWaiting() on install: an open tab keeps the worker of its own version, so it never loads another's chunks.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
