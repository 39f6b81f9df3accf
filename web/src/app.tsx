/** The app shell: header with navigation and language, the routed screen, and a crash guard. */
import type { JSX } from 'preact';
import { Component } from 'preact';
import { LanguagePicker } from './components/LanguagePicker';
import { lazyComponent } from './components/Lazy';
import { t } from './i18n';
import { matchRoute, onLinkClick, path } from './lib/router';
import { Home } from './screens/Home';
import { MatchPage } from './screens/MatchPage';

const Rules = lazyComponent(() => import('./screens/Rules').then((m) => m.Rules));
/** The replay of finished hands, loaded when its page opens. */
const Replay = lazyComponent(() => import('./screens/replay/ReplayScreen').then((m) => m.ReplayScreen));
// -- open table --
const OpenTable = lazyComponent(() => import('./screens/open/OpenTable').then((m) => m.OpenTable));
const League = lazyComponent(() => import('./screens/league/LeaguePage').then((m) => m.LeaguePage));
/** Practice against the computer on this device: the engine and bots load only here. */
const Practice = lazyComponent(() => import('./practice/PracticePage').then((m) => m.PracticePage));

/** Shows an error in words instead of a blank page when rendering fails. */
class Guard extends Component<{ children: JSX.Element }, { error: string | null }> {
  override state = { error: null as string | null };
  override componentDidCatch(error: unknown): void {
    this.setState({ error: error instanceof Error ? error.message : String(error) });
  }
  override render() {
    if (this.state.error) {
      return (
        <div class="error big" role="alert">
          <h2>{t('error.title')}</h2>
          <p>{t('error.crash', { message: this.state.error })}</p>
          <button type="button" class="secondary" onClick={() => location.reload()}>
            {t('common.retry')}
          </button>
        </div>
      );
    }
    return this.props.children;
  }
}

export function App(): JSX.Element {
  const route = matchRoute(path.value);
  return (
    <>
      <a class="skip" href="#main">
        {t('app.skip')}
      </a>
      <header class="top">
        <a class="brand" href="/" onClick={onLinkClick}>
          <span class="brand-mark" aria-hidden="true">
            1000
          </span>
          {t('app.title')}
        </a>
        <nav>
          <a href="/" onClick={onLinkClick} aria-current={route.name === 'home' ? 'page' : undefined}>
            {t('nav.home')}
          </a>
          <a href="/rules" onClick={onLinkClick} aria-current={route.name === 'rules' ? 'page' : undefined}>
            {t('nav.rules')}
          </a>
          <a href="/l/new" onClick={onLinkClick} aria-current={route.name === 'league' ? 'page' : undefined}>
            {t('nav.leagues')}
          </a>
        </nav>
        <LanguagePicker compact />
      </header>
      <main id="main">
        <Guard key={path.value}>
          {route.name === 'home' ? (
            <Home />
          ) : route.name === 'rules' ? (
            <Rules />
          ) : route.name === 'open' ? (
            <OpenTable />
          ) : route.name === 'practice' ? (
            <Practice />
          ) : route.name === 'match' ? (
            <MatchPage key={route.matchId} matchId={route.matchId} />
          ) : route.name === 'replay' ? (
            <Replay key={route.matchId} matchId={route.matchId} />
          ) : route.name === 'league' ? (
            <League key={route.leagueId} leagueId={route.leagueId} />
          ) : (
            <p class="error">{t('error.notFound')}</p>
          )}
        </Guard>
      </main>
    </>
  );
}
