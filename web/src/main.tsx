/**
 * Entry point: on a match page starts the match's first fetch at once (lib/first-info-start.ts, first
 * of all imports), picks the language, then renders the app into #app, and registers the service
 * worker (web/src/sw/sw.ts: the app shell offline and push).
 */
import './lib/first-info-start';
import { render } from 'preact';
import { App } from './app';
import { initialLanguage, setLanguage } from './i18n';
import './styles.css';

const root = document.getElementById('app')!;
void setLanguage(initialLanguage(), false).finally(() => render(<App />, root));
navigator.serviceWorker?.register('/sw.js');
