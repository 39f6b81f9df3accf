/**
 * The rules of a match in plain words: the preset, then every option's value with its source tag
 * (explained by components/SourceTag).
 * Shown in the lobby so invited players see the rules before the match starts (RULES.md §10: every
 * option is shown to all players before the match starts).
 */
import type { JSX } from 'preact';
import type { Rules } from '../../../worker/engine/rules';
import { OPTION_NAMES, OPTION_VALUES } from '../../../worker/shared/rules-data';
import { type MessageKey, t } from '../i18n';
import { VALUE_SOURCES } from '../lib/options';
import { SourceTag } from './SourceTag';

/** One option's value in words: yes/no, a named value, or a number. */
export function valueText(name: (typeof OPTION_NAMES)[number], value: unknown): string {
  if (typeof value === 'boolean') return t(value ? 'opt.on' : 'opt.off');
  if (OPTION_VALUES[name]) return t(`opt.${name}.${String(value)}` as MessageKey);
  return String(value);
}

/** The list of every rule option of `rules`, for `rules.preset`. */
export function RulesSummary(props: { rules: Rules }): JSX.Element {
  const { rules } = props;
  return (
    <section class="rules-summary" aria-labelledby="rules-summary-title">
      <h3 id="rules-summary-title">
        {t('lobby.rules')}: {t(`preset.${rules.preset}` as MessageKey)}
      </h3>
      <dl>
        {OPTION_NAMES.map((name) => {
          const value = rules.options[name];
          return (
            <div key={name}>
              <dt>{t(`opt.${name}` as MessageKey)}</dt>
              <dd>
                {valueText(name, value)} <SourceTag tag={VALUE_SOURCES[name][String(value)] ?? ''} />
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
