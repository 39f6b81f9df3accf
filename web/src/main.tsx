/**
 * Main entry point: imports the early entry first (lib/first-info-start.ts, which has started a match
 * page's first fetch already when its own script tag ran first), picks the language, then renders the
 * app into #app, and registers the service worker (web/src/sw/sw.ts: the app shell offline and push)
 * once the page has loaded and is idle.
 */
import './lib/first-info-start';
import { render } from 'preact';
import { runtimeTimeZone } from '../../worker/words/when';
import { App } from './app';
import { initialLanguage, setLanguage } from './i18n';
import { onMatchPage } from './lib/first-info-start';
import { whenIdle, whenLoaded } from './lib/idle';
import './styles.css';

// While a match page's first answer travels, the browser's time zone data is set up in an idle moment
// (its first use is a long task on a phone), so that the table's deadline, rendered when the answer is
// there, does not pay for it.
if (onMatchPage) whenIdle(runtimeTimeZone);

const root = document.getElementById('app')!;
// The first render runs in a task of its own, not in the one that evaluated this script: two shorter
// tasks instead of one long one (a phone answers a tap in between; Lighthouse counts less blocking).
void setLanguage(initialLanguage(), false).finally(() => setTimeout(() => render(<App />, root), 0));
// The service worker (precaching the app shell) is registered once the page has loaded, so that its
// downloads never compete with the page's own.
whenLoaded(() => navigator.serviceWorker?.register('/sw.js'));
