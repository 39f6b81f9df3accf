/*
 * The site's one service worker (with push): it precaches the app shell (the
 * build's files, listed at build time by vite-plugin-pwa into `self.__WB_MANIFEST`, through
 * workbox-precaching), so the page and the practice mode open in airplane mode after one visit; a page
 * navigation goes to the network first and falls back to the cached shell only when it fails. It never
 * answers `/api/*`, `/dev/*` (views hold hands) or the move links' `/turn/*` pages: those requests pass
 * through untouched. It also shows the turn notifications of Web Push (push.ts). A new version takes over at once (skipWaiting and
 * clients.claim), so a push always reaches the current worker.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { onNotificationClick, onPush, type PushBody } from './push';

/** The worker's scope, typed by hand (the project's types are the page's DOM ones). */
const sw = self as unknown as ServiceWorkerScope;

/** The build's files with their revisions, written in by vite-plugin-pwa at the literal `self.__WB_MANIFEST`. */
declare const self: { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

/** What this file uses of `ServiceWorkerGlobalScope`. */
export interface ServiceWorkerScope {
  location: Location;
  registration: ServiceWorkerRegistration;
  clients: {
    claim(): Promise<void>;
    matchAll(o: {
      type: 'window';
      includeUncontrolled: boolean;
    }): Promise<Array<{ url: string; focus?(): Promise<unknown> }>>;
    openWindow(url: string): Promise<unknown>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: string, listener: (event: WaitingEvent) => void): void;
}

/** An event whose work the worker waits for (install, activate, push, notificationclick). */
export interface WaitingEvent extends Event {
  waitUntil(p: Promise<unknown>): void;
}

/**
 * Paths the worker never answers: the API (hands, tokens), the local dev pages and the mail's move
 * links (`/turn/…`: server-rendered pages; offline the app's shell there would only say "not found").
 */
export const NEVER_CACHED = [/^\/api(\/|$)/i, /^\/dev(\/|$)/, /^\/turn(\/|$)/];

// Navigations first (routes match in order): the network, else the cached shell.
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch (e) {
        const shell = await matchPrecache('/index.html');
        if (shell) return shell;
        throw e;
      }
    },
    { denylist: NEVER_CACHED },
  ),
);
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

sw.addEventListener('install', () => void sw.skipWaiting());
sw.addEventListener('activate', (event) => event.waitUntil(sw.clients.claim()));
sw.addEventListener('push', (event) => onPush(sw, event as WaitingEvent & { data: PushBody | null }));
sw.addEventListener('notificationclick', (event) =>
  onNotificationClick(sw, event as WaitingEvent & { notification: Notification }),
);
