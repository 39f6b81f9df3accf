/**
 * Entry point: on a match page starts the match's first fetch at once (lib/first-info.ts), picks the
 * language, then renders the app into #app.
 */
import { render } from 'preact';
import { App } from './app';
import { initialLanguage, setLanguage } from './i18n';
import { startFirstInfo } from './lib/first-info';
import './styles.css';

startFirstInfo(location.pathname, location.hash);
const root = document.getElementById('app')!;
void setLanguage(initialLanguage(), false).finally(() => render(<App />, root));
