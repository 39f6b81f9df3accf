/** Entry point: picks the language, then renders the app into #app. */
import { render } from 'preact';
import { App } from './app';
import { initialLanguage, setLanguage } from './i18n';
import './styles.css';

const root = document.getElementById('app')!;
void setLanguage(initialLanguage(), false).finally(() => render(<App />, root));
