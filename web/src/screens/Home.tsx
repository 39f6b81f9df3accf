/**
 * Home: the device's leagues (when it holds one), "my matches" on this device with whose turn it is (screens/home/), and the create form
 * (screens/create/), the list loaded on first use. On a phone the list comes first when the device knows a match: coming back
 * to play is the common visit. The order is the one the page opened with.
 */
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { lazyComponent } from '../components/Lazy';
import { t } from '../i18n';
import { savedMatches } from '../lib/storage';

// The create form loads on its own: a match page (most visits, from a link) never needs it.
const CreateForm = lazyComponent(() => import('./create/CreateForm').then((m) => m.CreateForm));

// The way into the practice mode, after the first paint: the practice code loads only from there.
const PracticeEntry = lazyComponent(() => import('../practice/PracticeEntry').then((m) => m.PracticeEntry), {
  quiet: true,
});

// The device's leagues, after the first paint (their storage and words are not the first paint's).
const MyLeagues = lazyComponent(() => import('./home/MyLeagues').then((m) => m.MyLeagues), { quiet: true });

// Loaded on first use: the list asks the server before it shows anything, and the initial script stays small.
const MyMatches = lazyComponent(() => import('./home/MyMatches').then((m) => m.MyMatches));

/** The home screen. */
export function Home(): JSX.Element {
  // Chosen once, when the page opens: a match created (or forgotten) here does not reorder the sections
  // under the player's eyes, so the new match's confirmation stays where its form was.
  const [known] = useState(() => savedMatches.value.length > 0 || location.hash.startsWith('#mine='));
  // Keyed: a reorder moves the sections without remounting them (the list keeps its notices).
  const mine = <MyMatches key="mine" />;
  const create = <CreateForm key="create" />;
  const practice = <PracticeEntry key="practice" />;
  return (
    <div class="home">
      <h1 class="sr-only">{t('app.title')}</h1>
      <p class="tagline">{t('app.tagline')}</p>
      <MyLeagues />
      <div class={known ? 'home-grid mine-first' : 'home-grid'}>
        {known ? [mine, practice, create] : [create, mine, practice]}
      </div>
    </div>
  );
}
