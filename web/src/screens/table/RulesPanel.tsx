/**
 * The rules at the table: the match's preset with its source, every option the host changed from it
 * (with the preset's value), a card reference (which remedy and which safety answer each hazard, from
 * the pairs in worker/shared/rules-data) and the legend of the rule source tags — the only place
 * that lists them all. Loaded on first use, shown in a dialog opened from the table.
 */
import type { JSX } from 'preact';
import type { Rules } from '../../../../worker/engine/rules';
import {
  HAZARD_CARDS,
  OPTION_NAMES,
  PRESETS,
  presetOptions,
  REMEDY_FOR,
  SAFETY_FOR,
} from '../../../../worker/shared/rules-data';
import { cardName } from '../../components/Card';
import { valueText } from '../../components/RulesSummary';
import { SourceTag, sourceLabel, spokenCode } from '../../components/SourceTag';
import { type MessageKey, t } from '../../i18n';
import { VALUE_SOURCES } from '../../lib/options';
import { SOURCE_CODES, type SourceCode, type SourcePart } from '../../lib/sources';
import type { MatchView } from '../../lib/types';

/** The options of `rules` whose value differs from its preset's for this seating. RULES.md §10. */
export function changedOptions(rules: Rules, view: Pick<MatchView, 'seats' | 'teams'>) {
  const defaults = presetOptions(rules.preset, { seats: view.seats, teamSize: view.teams[0]?.length ?? 1 });
  return OPTION_NAMES.filter((name) => rules.options[name] !== defaults[name]).map((name) => ({
    name,
    value: rules.options[name],
    preset: defaults[name],
  }));
}

/** The preset and the changed options. */
function MatchRules({ rules, view }: { rules: Rules; view: MatchView }): JSX.Element {
  const changed = changedOptions(rules, view);
  return (
    <section aria-labelledby="rp-preset">
      <h3 id="rp-preset">{t('panel.preset')}</h3>
      <p>
        <strong>{t(`preset.${rules.preset}`)}</strong> <SourceTag tag={PRESETS[rules.preset].source} />
        <br />
        <span class="muted">{t(`presetSummary.${rules.preset}`)}</span>
      </p>
      <h3>{t('panel.changed')}</h3>
      {changed.length ? (
        <dl class="changed-options">
          {changed.map(({ name, value, preset }) => (
            <div key={name}>
              <dt>{t(`opt.${name}` as MessageKey)}</dt>
              <dd>
                <strong>{valueText(name, value)}</strong>{' '}
                <SourceTag tag={VALUE_SOURCES[name][String(value)] ?? ''} />{' '}
                <span class="muted">({t('panel.presetValue', { value: valueText(name, preset) })})</span>
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p>{t('panel.unchanged')}</p>
      )}
    </section>
  );
}

/** Which remedy and which safety answer each hazard. RULES.md §1 pairs. */
function CardReference(): JSX.Element {
  return (
    <section aria-labelledby="rp-cards">
      <h3 id="rp-cards">{t('panel.cards')}</h3>
      <div class="scroll-x">
        <table class="scores card-ref">
          <thead>
            <tr>
              <th scope="col">{t('kind.hazard')}</th>
              <th scope="col">{t('kind.remedy')}</th>
              <th scope="col">{t('kind.safety')}</th>
            </tr>
          </thead>
          <tbody>
            {HAZARD_CARDS.map((h) => (
              <tr key={h}>
                <th scope="row">{cardName(h)}</th>
                <td>{cardName(REMEDY_FOR[h])}</td>
                <td>{cardName(SAFETY_FOR[h])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The legend of the source tags (RULES.md's tag table, plus the extension's origin and house rules). */
/** The part of a tag that names `code` alone. */
function part(code: SourceCode): SourcePart {
  return { code, text: code === 'PB' ? 'Parker Brothers' : code };
}

/** The legend (also on the rules page, /rules#rp-sources, which the create form links to). */
export function SourceLegend(): JSX.Element {
  return (
    <section aria-labelledby="rp-sources">
      <h3 id="rp-sources">{t('panel.sources')}</h3>
      <dl class="src-legend">
        {SOURCE_CODES.map((code) => (
          <div key={code}>
            <dt>
              <span aria-hidden="true">[{sourceLabel(part(code))}]</span>
              <span class="sr-only">{spokenCode(part(code))}</span>
            </dt>
            <dd>{t(`src.${code}`)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The whole panel for the rules of `view`. */
export function RulesPanel({ view }: { view: MatchView }): JSX.Element {
  return (
    <div class="rules-panel">
      <MatchRules rules={view.rules} view={view} />
      <CardReference />
      <SourceLegend />
    </div>
  );
}
