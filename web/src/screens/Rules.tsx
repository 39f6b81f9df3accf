/**
 * The rules page: the game in a few sentences, the card kinds with their faces, the presets with
 * their source, and the legend of the source tags (the rules panel's, at #rp-sources: the create
 * form links there).
 */
import type { JSX } from 'preact';
import { useEffect } from 'preact/hooks';
import { CARD_IDS, PRESET_NAMES, PRESETS } from '../../../worker/shared/rules-data';
import { CardFace } from '../components/Card';
import { SourceTag } from '../components/SourceTag';
import { t } from '../i18n';
import { SourceLegend } from './table/RulesPanel';

const POINTS = [
  'goal',
  'turn',
  'roll',
  'hazards',
  'remedies',
  'safeties',
  'coupFourre',
  'limit',
  'scoring',
] as const;

export function Rules(): JSX.Element {
  // The page loads after the browser looked for the fragment's target: go to it now (#rp-sources).
  useEffect(() => {
    if (location.hash.length > 1) document.getElementById(location.hash.slice(1))?.scrollIntoView();
  }, []);
  return (
    <article class="rules card-box">
      <h1>{t('rules.title')}</h1>
      <ul>
        {POINTS.map((p) => (
          <li key={p}>{t(`rules.${p}`)}</li>
        ))}
      </ul>
      <div class="card-gallery">
        {CARD_IDS.map((c) => (
          <CardFace key={c} card={c} size="hand" />
        ))}
      </div>
      <h2>{t('home.rules')}</h2>
      <dl>
        {PRESET_NAMES.map((name) => (
          <div key={name}>
            <dt>
              {t(`preset.${name}`)} <SourceTag tag={PRESETS[name].source} />
            </dt>
            <dd>{t(`presetSummary.${name}`)}</dd>
          </div>
        ))}
      </dl>
      <SourceLegend />
    </article>
  );
}
