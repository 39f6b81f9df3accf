/**
 * Entry point: on a match page starts the match's first fetch at once (lib/first-info-start.ts, first
 * of all imports), picks the language, then renders the app into #app, and registers the service
 * worker (web/src/sw/sw.ts: the app shell offline and push) once the page has loaded and is idle.
 */
import './lib/first-info-start';
import { render } from 'preact';
import { App } from './app';
import { initialLanguage, setLanguage } from './i18n';
import { whenLoaded } from './lib/idle';
import './styles.css';

const root = document.getElementById('app')!;
// The first render runs in a task of its own, not in the one that evaluated this script: two shorter
// tasks instead of one long one (a phone answers a tap in between; Lighthouse counts less blocking).
void setLanguage(initialLanguage(), false).finally(() => setTimeout(() => render(<App />, root), 0));
// The service worker (precaching the app shell) is registered once the page has loaded, so that its
// downloads never compete with the page's own.
whenLoaded(() => navigator.serviceWorker?.register('/sw.js'));
